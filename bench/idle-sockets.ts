/**
 * 10,000 visitors connected and idle, each on its own new-chat room: resident memory of the
 * production server per socket (its RSS with the sockets open minus before, divided by the
 * sockets), against a bare `ws` server holding the same number of sockets in the same run.
 *   npx tsx bench/idle-sockets.ts [sockets=10000]
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { WebSocket } from 'ws';
import {
  createVisitors,
  freePort,
  inBatches,
  printTable,
  startServerProcess,
  writeResult,
  type Verdict,
} from './support.js';

const count = Number(process.argv[2] ?? 10_000);

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0) * 1024;
}

async function settle(): Promise<void> {
  await new Promise((r) => setTimeout(r, 3000));
}

async function connectAll(urls: string[]): Promise<WebSocket[]> {
  return inBatches(
    urls,
    200,
    (url) =>
      new Promise<WebSocket>((resolve, reject) => {
        const socket = new WebSocket(url);
        socket.once('open', () => resolve(socket));
        socket.once('error', reject);
      }),
  );
}

async function closeAll(sockets: WebSocket[]): Promise<void> {
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          socket.once('close', () => resolve());
          socket.close();
          setTimeout(resolve, 5000);
        }),
    ),
  );
}

/** A bare `ws` server in its own process: the baseline cost of an open socket. */
async function bareWs(): Promise<{ url: string; pid: number; stop(): void }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { WebSocketServer } from 'ws'; new WebSocketServer({ host: '127.0.0.1', port: ${port} }).on('listening', () => console.log('ready'));`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve) => child.stdout?.once('data', () => resolve()));
  return { url: `ws://127.0.0.1:${port}`, pid: child.pid ?? 0, stop: () => child.kill('SIGTERM') };
}

const limits = {
  UUID_DAILY_LIMIT_PER_IP: '100000000',
  MAX_CONNECTIONS: '15000',
  MAX_CONNECTIONS_PER_IP: '15000',
};

const bare = await bareWs();
await settle();
const bareBefore = await rssOf(bare.pid);
const bareSockets = await connectAll(Array.from({ length: count }, () => bare.url));
await settle();
const bareAfter = await rssOf(bare.pid);
await closeAll(bareSockets);
bare.stop();

const server = await startServerProcess(limits);
let before = 0;
let after = 0;
let open = 0;
try {
  const ids = await createVisitors(server.url, count);
  const wsUrl = server.url.replace('http', 'ws');
  // One socket first, so what every socket shares (modules, pools) is not counted per socket.
  const warm = await connectAll([`${wsUrl}/ws/${ids[0]}/room/newchat_${ids[0]}`]);
  await settle();
  before = await server.rssBytes();
  const sockets = await connectAll(
    ids.slice(1).map((id) => `${wsUrl}/ws/${id}/room/newchat_${id}`),
  );
  await settle();
  after = await server.rssBytes();
  open = sockets.filter((s) => s.readyState === WebSocket.OPEN).length + 1;
  await closeAll([...warm, ...sockets]);
} finally {
  await server.stop();
}

const perSocket = (after - before) / (count - 1);
const barePerSocket = (bareAfter - bareBefore) / count;
printTable(
  `Idle sockets: ${count} connected (servers in their own processes)`,
  ['what', 'RSS before MB', 'RSS after MB', 'KB per socket', 'ratio'],
  [
    [
      'bare ws server (baseline)',
      (bareBefore / 2 ** 20).toFixed(1),
      (bareAfter / 2 ** 20).toFixed(1),
      (barePerSocket / 1024).toFixed(1),
      '1.00',
    ],
    [
      'Supersteward (room joined, heartbeat)',
      (before / 2 ** 20).toFixed(1),
      (after / 2 ** 20).toFixed(1),
      (perSocket / 1024).toFixed(1),
      (perSocket / barePerSocket).toFixed(2),
    ],
  ],
);
console.info(`\nstill open at the end: ${open}/${count}`);
const verdicts: Verdict[] = [
  {
    measure: `memory per idle socket at ${count}`,
    value: `${(perSocket / 1024).toFixed(1)} KB`,
    target: '≤ 16 KB',
    met: perSocket / 1024 <= 16,
  },
];
await writeResult('idle-sockets', {
  count,
  before,
  after,
  perSocket,
  barePerSocket,
  open,
  verdicts,
});
// Sockets and browsers are closed; anything a library left behind must not hold the run.
process.exit(process.exitCode ?? 0);
