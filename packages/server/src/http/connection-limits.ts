import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Node's request timeout only covers a request while it is being read: a reply sent before the
 * body arrived (a refusal in onRequest) leaves a connection whose body never ends open for good.
 * Such a connection gets the same time again to finish its body, then is closed.
 */
export function closeUnfinishedAfterReply(server: Server, requestTimeoutMs: number): void {
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    response.once('finish', () => {
      if (request.complete) return;
      const socket = request.socket;
      const timer = setTimeout(() => socket.destroy(), requestTimeoutMs);
      timer.unref();
      const clear = (): void => clearTimeout(timer);
      request.once('end', clear);
      socket.once('close', clear);
    });
  });
}

interface Tracked {
  address: string;
  /** A whole request is being answered, or the connection is a WebSocket: not to be cut. */
  busy: boolean;
}

/**
 * Caps open connections in total (so file handles are never exhausted: the store and logs need
 * some too) and per client address (so one client cannot hold the room of everyone else). A
 * connection beyond a cap makes room by closing the oldest connection (of that address, for the
 * per-address cap) that is idle or still sending its request; thousands of slow connections
 * therefore only push each other out, and a newcomer is served. Only when every connection is
 * busy answering is the newcomer closed.
 */
export function limitConnections(
  server: Server,
  limits: { maxConnections: number; maxConnectionsPerIp: number },
): void {
  // Insertion order is age: the oldest come first when looking for one to close.
  const open = new Map<Socket, Tracked>();
  const perAddress = new Map<string, number>();

  const evictOldest = (address?: string): boolean => {
    for (const [socket, tracked] of open) {
      if (tracked.busy || (address !== undefined && tracked.address !== address)) continue;
      forget(socket);
      socket.destroy();
      return true;
    }
    return false;
  };
  const forget = (socket: Socket): void => {
    const tracked = open.get(socket);
    if (!tracked) return;
    open.delete(socket);
    const left = (perAddress.get(tracked.address) ?? 1) - 1;
    if (left <= 0) perAddress.delete(tracked.address);
    else perAddress.set(tracked.address, left);
  };

  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const perIp = limits.maxConnectionsPerIp;
    if (perIp > 0 && (perAddress.get(address) ?? 0) >= perIp && !evictOldest(address)) {
      socket.destroy();
      return;
    }
    if (open.size >= limits.maxConnections && !evictOldest()) {
      socket.destroy();
      return;
    }
    open.set(socket, { address, busy: false });
    perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    socket.once('close', () => forget(socket));
  });

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const tracked = open.get(request.socket);
    if (!tracked) return;
    const markBusy = (): void => {
      if (!response.writableFinished) tracked.busy = true;
    };
    if (request.complete) markBusy();
    else request.once('end', markBusy);
    response.once('finish', () => {
      tracked.busy = false;
    });
  });
  server.on('upgrade', (request: IncomingMessage) => {
    const tracked = open.get(request.socket);
    if (tracked) tracked.busy = true;
  });
}
