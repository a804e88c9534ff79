import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  newChatRoom,
  wsPath,
  type Message,
  type StreamEvent,
  type Thread,
} from '@supersteward/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordingLogger } from '../hub/test/redis-server.js';
import type { RunningServer } from '../main.js';
import { httpClient } from '../test/http-client.js';
import { openSocket } from '../test/socket-client.js';
import { createCluster, seqOf, type Cluster } from './test/cluster.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const ANSWER_TIMEOUT_MS = 3_000;
const ABANDONED = 'answers left unfinished by a stopped instance marked interrupted';

/** main.ts as its own process, the way a process manager runs it; resolves once it listens. */
async function startProcess(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string; exited: Promise<NodeJS.Signals | null> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, signal) => resolve(signal)),
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const entry = JSON.parse(line) as { msg?: string; address?: string };
        if (entry.msg === 'listening' && entry.address) resolve(entry.address);
      }
    });
    void exited.then(() => reject(new Error(`instance exited before listening: ${stderr}`)));
  });
  return { child, url, exited };
}

describe('an instance that dies mid-answer', () => {
  let cluster: Cluster;
  let survivor: RunningServer;
  let doomed: ChildProcess | undefined;
  const recorded = recordingLogger();

  beforeAll(async () => {
    cluster = await createCluster({
      // Slow pieces: the answer is surely mid-way when its instance is killed.
      env: { ANSWER_PIECE_DELAY_MS: '100', ANSWER_TIMEOUT_MS: String(ANSWER_TIMEOUT_MS) },
    });
    survivor = await cluster.start(recorded.logger);
  });
  afterAll(async () => {
    doomed?.kill('SIGKILL');
    await cluster?.close();
  });

  it('leaves the question in history and the answer is marked interrupted by the survivor', async () => {
    const started = await startProcess(cluster.env);
    doomed = started.child;
    const onDoomed = httpClient(started.url);
    const onSurvivor = httpClient(survivor.url);
    const visitor = await onSurvivor.createVisitor();

    // The visitor's socket is on the survivor; the question goes to the instance about to die.
    const socket = openSocket(
      `${survivor.url.replace('http', 'ws')}${wsPath(visitor, newChatRoom(visitor))}`,
    );
    await socket.opened;
    const asked = onDoomed
      .send('POST', '/assistant/answer', {
        uuid: visitor,
        json: { question: 'How much can my checked baggage weigh?', language: 'en' },
      })
      .then(
        () => 'answered',
        () => 'connection lost',
      );
    const piece = await socket.waitFor((f) => f.event === 'message:bits' && seqOf(f) === 2);
    const messageId = (piece as StreamEvent).message_id!;
    started.child.kill('SIGKILL');
    expect(await started.exited).toBe('SIGKILL');
    const killedAt = Date.now();
    expect(await asked).toBe('connection lost');

    // The question was stored before any answer; the answer is left 'streaming' for now.
    const threads = (await onSurvivor.call('threads', { uuid: visitor })).body as Thread[];
    expect(threads).toHaveLength(1);
    const historyPath = `/assistant/threads/${threads[0]!.thread_id}/history`;
    const readHistory = async () =>
      (await onSurvivor.send('GET', historyPath, { uuid: visitor })).body as Message[];
    const left = await readHistory();
    expect(left[0]).toMatchObject({
      role: 'user',
      content: 'How much can my checked baggage weigh?',
    });
    expect(left[1]).toMatchObject({ message_id: messageId, status: 'streaming' });

    // The survivor's sweep finds it once no live instance could still be producing it.
    await vi.waitFor(
      () => expect(recorded.lines.find((line) => line.msg === ABANDONED)).toBeDefined(),
      { timeout: 40_000, interval: 100 },
    );
    expect(recorded.lines.find((line) => line.msg === ABANDONED)).toMatchObject({
      interrupted: 1,
    });
    // Not before the longest answer could have ended (ANSWER_TIMEOUT_MS after it started).
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual(ANSWER_TIMEOUT_MS - 1_000);
    const after = await readHistory();
    expect(after.map((m) => [m.role, m.status ?? 'complete'])).toEqual([
      ['user', 'complete'],
      ['assistant', 'interrupted'],
    ]);
    expect(after[0]).toEqual(left[0]);
    socket.close();
    // Spawning main.ts through tsx alone takes 10+ s on a loaded 2-core machine.
  }, 90_000);
});
