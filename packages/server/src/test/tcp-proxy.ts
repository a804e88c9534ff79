import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP proxy in front of a service (PostgreSQL here), so a test can cut the network
 * to it: `down()` drops every connection and refuses new ones until `up()`.
 */
export interface TcpProxy {
  port: number;
  down(): void;
  up(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(
  upstreamPort: number,
  upstreamHost = '127.0.0.1',
): Promise<TcpProxy> {
  let isDown = false;
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    if (isDown) {
      client.destroy();
      return;
    }
    const upstream = connect(upstreamPort, upstreamHost);
    open.add(client);
    open.add(upstream);
    const drop = (): void => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const down = (): void => {
    isDown = true;
    for (const socket of open) socket.destroy();
    open.clear();
  };
  return {
    port: address.port,
    down,
    up() {
      isDown = false;
    },
    async close() {
      down();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
