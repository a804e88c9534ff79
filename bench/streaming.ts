/**
 * 1,000 visitors at once, each opening its socket on its new-chat room and asking one question:
 * time to first piece (from sending the question to the first message:bits frame), p50 and p99,
 * against the time to a bare WebSocket echo of the same server's machine measured in the same
 * run; every stream must be complete (created, pieces in order, done) and equal to the answer
 * stored. The production server runs in a process of its own (packages/server/dist).
 *   npx tsx bench/streaming.ts [visitors=1000]
 */
import { WebSocket, WebSocketServer } from 'ws';
import {
  createVisitors,
  inBatches,
  percentile,
  printTable,
  startServerProcess,
  writeResult,
  type Verdict,
} from './support.js';

const visitors = Number(process.argv[2] ?? 1000);
const QUESTIONS = [
  'Koliko kila smije imati ručni prtljag?',
  'Can I bring my dog in the cabin?',
  'Koliko košta praćenje djeteta?',
  'What are the dimensions of cabin baggage?',
];

interface Frame {
  event: string;
  data: unknown;
  message_id?: string;
  seq?: number;
}

interface Visit {
  ttfpMs: number;
  complete: boolean;
  equalToStored: boolean;
}

/** Opens the visitor's socket; resolves once open, with the frames it will receive. */
function openRoom(
  wsUrl: string,
  uuid: string,
): Promise<{ socket: WebSocket; frames: Frame[]; onFrame: (fn: () => void) => void }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${wsUrl}/ws/${uuid}/room/newchat_${uuid}`);
    const frames: Frame[] = [];
    let listener: () => void = () => undefined;
    socket.on('message', (data) => {
      // ws's default binaryType: a message is one Buffer.
      frames.push(JSON.parse((data as Buffer).toString('utf8')) as Frame);
      listener();
    });
    socket.once('open', () => resolve({ socket, frames, onFrame: (fn) => (listener = fn) }));
    socket.once('error', reject);
  });
}

async function baselineEcho(count: number): Promise<number[]> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  server.on('connection', (socket) => socket.on('message', (data) => socket.send(data)));
  await new Promise((r) => server.once('listening', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const sockets = await inBatches(
    Array.from({ length: count }),
    100,
    () =>
      new Promise<WebSocket>((resolve, reject) => {
        const socket = new WebSocket(`ws://127.0.0.1:${port}`);
        socket.once('open', () => resolve(socket));
        socket.once('error', reject);
      }),
  );
  const times = await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<number>((resolve) => {
          const start = performance.now();
          socket.once('message', () => resolve(performance.now() - start));
          socket.send('ping');
        }),
    ),
  );
  for (const socket of sockets) socket.close();
  await new Promise((r) => server.close(r));
  return times.sort((a, b) => a - b);
}

const server = await startServerProcess({
  DAILY_MESSAGE_LIMIT: '1000',
  IP_DAILY_MESSAGE_LIMIT: '100000000',
  UUID_DAILY_LIMIT_PER_IP: '100000000',
  MAX_CONNECTIONS: '15000',
  MAX_CONNECTIONS_PER_IP: '15000',
});
let result: Visit[] = [];
try {
  const wsUrl = server.url.replace('http', 'ws');
  const ids = await createVisitors(server.url, visitors);
  const rooms = await inBatches(ids, 100, (uuid) => openRoom(wsUrl, uuid));
  // Everyone asks at once.
  result = await Promise.all(
    ids.map(async (uuid, i): Promise<Visit> => {
      const room = rooms[i]!;
      let firstPiece = 0;
      const done = new Promise<void>((resolve) => {
        room.onFrame(() => {
          const last = room.frames.at(-1);
          if (last?.event === 'message:bits' && firstPiece === 0) firstPiece = performance.now();
          if (last?.event === 'message:done' || last?.event === 'message:error') resolve();
        });
      });
      const start = performance.now();
      const res = await fetch(`${server.url}/assistant/answer`, {
        method: 'POST',
        headers: { uuid, 'content-type': 'application/json' },
        body: JSON.stringify({ question: QUESTIONS[i % QUESTIONS.length], thread_id: null }),
      });
      const body = (await res.json()) as {
        all_messages?: Array<{ role: string; content: string; message_id: string }>;
      };
      await Promise.race([done, new Promise((r) => setTimeout(r, 30_000))]);
      const stored = body.all_messages?.at(-1);
      const frames = room.frames;
      const bits = frames.filter((f) => f.event === 'message:bits');
      const doneFrame = frames.find((f) => f.event === 'message:done');
      const joined = bits.map((f) => String(f.data)).join('');
      const inOrder = bits.every((f, k) => f.seq === undefined || f.seq === k + 1);
      const complete =
        res.ok &&
        frames[0]?.event === 'message:created' &&
        doneFrame !== undefined &&
        inOrder &&
        (doneFrame.data as { content: string }).content === joined;
      room.socket.close();
      return {
        ttfpMs: firstPiece ? firstPiece - start : Number.POSITIVE_INFINITY,
        complete,
        equalToStored:
          stored?.role === 'assistant' &&
          stored.content === joined &&
          stored.message_id === doneFrame?.message_id,
      };
    }),
  );
} finally {
  await server.stop();
}
const echo = await baselineEcho(visitors);

const ttfp = result.map((v) => v.ttfpMs).sort((a, b) => a - b);
const p50 = percentile(ttfp, 50);
const p99 = percentile(ttfp, 99);
const complete = result.filter((v) => v.complete).length;
const equal = result.filter((v) => v.equalToStored).length;
printTable(
  `Streaming: ${visitors} visitors asking at once (production server in its own process)`,
  ['what', 'p50 ms', 'p99 ms', 'ratio p50 to echo'],
  [
    [
      'bare ws echo round trip, same number of sockets (baseline)',
      percentile(echo, 50).toFixed(1),
      percentile(echo, 99).toFixed(1),
      '1.00',
    ],
    [
      'time to first piece',
      p50.toFixed(1),
      p99.toFixed(1),
      (p50 / percentile(echo, 50)).toFixed(1),
    ],
  ],
);
console.info(
  `\nstreams complete: ${complete}/${visitors}; equal to the stored answer: ${equal}/${visitors}`,
);
const verdicts: Verdict[] = [
  {
    measure: `TTFP p50 at ${visitors} visitors`,
    value: `${p50.toFixed(0)} ms`,
    target: '≤ 50 ms',
    met: p50 <= 50,
  },
  {
    measure: `TTFP p99 at ${visitors} visitors`,
    value: `${p99.toFixed(0)} ms`,
    target: '≤ 250 ms',
    met: p99 <= 250,
  },
  {
    measure: 'streams complete and equal to stored',
    value: `${Math.min(complete, equal)}/${visitors}`,
    target: `${visitors}/${visitors}`,
    met: complete === visitors && equal === visitors,
  },
];
await writeResult('streaming', {
  visitors,
  p50,
  p99,
  echoP50: percentile(echo, 50),
  echoP99: percentile(echo, 99),
  complete,
  equal,
  verdicts,
});
// Sockets and browsers are closed; anything a library left behind must not hold the run.
process.exit(process.exitCode ?? 0);
