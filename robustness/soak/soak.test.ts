import { setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { newChatRoom, wsPath, type AnswerResponse, type ServerEvent } from '@supersteward/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket, type TestSocket } from '../../packages/server/src/test/socket-client.js';
import { startTarget, type Target } from '../support/target.js';
import { client } from '../support/visitors.js';

const VISITORS = 200;
const ROUND_MS = 60_000;
/** Visitors arrive over the first third of the minute and pause between questions like people. */
const ARRIVALS_MS = 20_000;
const THINK_MS = [8_000, 14_000] as const;

const QUESTIONS = [
  'How much can my checked baggage weigh?',
  'Can I take my cat in the cabin?',
  'Is a stroller free of charge?',
  'How many liquids can I carry in hand luggage?',
  'Koliko košta prtljag preko limita?',
  'Mogu li povesti psa u kabinu?',
  'Do children need their own seat?',
  'Da li dijete može putovati samo?',
  'Can I bring my guitar on board?',
  'What happens if my bag is lost?',
];

/** The heap after a full collection (the suite's clients are closed by then). */
function heapAfterGc(): number {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

interface RoundResult {
  questions: number;
  errors: string[];
  mismatches: number;
  msPerAnswer: number[];
}

/** The answer `messageId` as streamed on `socket`, joined, once its done frame arrived. */
async function streamed(
  socket: TestSocket,
  messageId: string,
): Promise<{ joined: string; done: string }> {
  const mine = (frame: ServerEvent): boolean =>
    'message_id' in frame && frame.message_id === messageId;
  const done = await socket.waitFor(
    (frame) => frame.event === 'message:done' && mine(frame),
    30_000,
  );
  const joined = socket.frames
    .filter(mine)
    .map((frame) => (frame.event === 'message:bits' ? frame.data : ''))
    .join('');
  return { joined, done: done.event === 'message:done' ? done.data.content : '' };
}

/** One visitor: its socket, three questions in one thread, each streamed answer compared with the stored one. */
async function visit(
  target: Target,
  index: number,
  round: number,
  result: RoundResult,
): Promise<void> {
  const ip = `10.${round}.${Math.floor(index / 250)}.${(index % 250) + 1}`;
  const http = client(target.url);
  const headers = { 'x-forwarded-for': ip };
  const sockets: TestSocket[] = [];
  try {
    const visitor = await http.createVisitor(headers);
    let socket = openSocket(`${target.wsUrl}${wsPath(visitor, newChatRoom(visitor))}`);
    sockets.push(socket);
    await socket.opened;
    let threadId: string | undefined;
    for (let turn = 0; turn < 3; turn++) {
      const question = QUESTIONS[(index + turn * 3) % QUESTIONS.length]!;
      const started = Date.now();
      const sent = await http.call('answer', {
        uuid: visitor,
        captcha: true,
        headers,
        json: { question, ...(threadId ? { thread_id: threadId } : {}) },
        timeoutMs: 30_000,
      });
      result.questions += 1;
      if (sent.status !== 200) {
        result.errors.push(`${sent.status} ${sent.text.slice(0, 200)}`);
        return;
      }
      const answer = sent.body as AnswerResponse;
      threadId = answer.thread_id;
      const stored = answer.all_messages.at(-1)!;
      const { joined, done } = await streamed(socket, stored.message_id);
      result.msPerAnswer.push(Date.now() - started);
      if (joined !== stored.content || done !== stored.content || stored.status !== undefined)
        result.mismatches += 1;
      if (turn === 0) {
        // The web app moves to the thread's room once the new chat has an id.
        socket = openSocket(`${target.wsUrl}${wsPath(visitor, threadId)}`);
        sockets.push(socket);
        await socket.opened;
      }
      await sleep(THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]));
    }
  } catch (error) {
    result.errors.push(String(error));
  } finally {
    for (const socket of sockets) socket.close();
  }
}

async function round(target: Target, number: number): Promise<RoundResult> {
  const result: RoundResult = { questions: 0, errors: [], mismatches: 0, msPerAnswer: [] };
  const started = Date.now();
  await Promise.all(
    Array.from({ length: VISITORS }, async (_, index) => {
      await sleep(Math.random() * ARRIVALS_MS);
      await visit(target, index, number, result);
    }),
  );
  // Each round is a minute, however fast the visitors were.
  await sleep(Math.max(0, ROUND_MS - (Date.now() - started)));
  return result;
}

const percentile = (values: number[], p: number): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ??
  0;

describe('soak: 200 visitors a minute, for two minutes', () => {
  let target: Target;
  beforeAll(async () => {
    // Default limits and pacing; each visitor comes from its own address through the balancer.
    target = await startTarget({ env: { ANSWER_PIECE_DELAY_MS: '12', TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => target.close());

  it('zero errors, every streamed answer equal to the stored one, memory flat', async () => {
    const first = await round(target, 1);
    const heapFirst = heapAfterGc();
    const second = await round(target, 2);
    const heapSecond = heapAfterGc();
    const growth = (heapSecond - heapFirst) / heapFirst;
    const messages = (await target.snapshot()).messages.length;
    console.info(
      `[robustness] soak: ${first.questions + second.questions} questions by ${2 * VISITORS} visitors in 2 × 60 s, ${first.errors.length + second.errors.length} errors, ${first.mismatches + second.mismatches} streamed ≠ stored; answer p50 ${percentile([...first.msPerAnswer, ...second.msPerAnswer], 0.5)} ms, p99 ${percentile([...first.msPerAnswer, ...second.msPerAnswer], 0.99)} ms; heap after minute 1 ${(heapFirst / 1e6).toFixed(1)} MB, after minute 2 ${(heapSecond / 1e6).toFixed(1)} MB (${(growth * 100).toFixed(1)} %); ${messages} messages stored`,
    );
    expect([...first.errors, ...second.errors]).toEqual([]);
    expect(first.questions).toBe(3 * VISITORS);
    expect(second.questions).toBe(3 * VISITORS);
    expect(first.mismatches + second.mismatches).toBe(0);
    expect(messages).toBe(2 * 3 * 2 * VISITORS);
    expect(Math.abs(growth)).toBeLessThanOrEqual(0.1);
  }, 180_000);
});
