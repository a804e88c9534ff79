import {
  newChatRoom,
  wsPath,
  type AnswerResponse,
  type Message,
  type StreamEvent,
} from '@supersteward/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../main.js';
import { httpClient } from '../test/http-client.js';
import { openSocket } from '../test/socket-client.js';
import { createCluster, framesOf, joinedPieces, seqOf, type Cluster } from './test/cluster.js';

const wsUrl = (server: RunningServer, visitor: string, room: string) =>
  `${server.url.replace('http', 'ws')}${wsPath(visitor, room)}`;

describe('an answer resumed on another instance', () => {
  let cluster: Cluster;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    // Pieces 30 ms apart leave time to drop the socket and reconnect mid-answer.
    cluster = await createCluster({ env: { ANSWER_PIECE_DELAY_MS: '30' } });
    a = await cluster.start();
    b = await cluster.start();
  });
  afterAll(() => cluster?.close());

  it('gets the rest exactly once after the socket on A drops and a new one on B resumes', async () => {
    const onA = httpClient(a.url);
    const onB = httpClient(b.url);
    const visitor = await onA.createVisitor();
    const room = newChatRoom(visitor);

    const first = openSocket(wsUrl(a, visitor, room));
    await first.opened;
    const asked = onA.call('answer', {
      uuid: visitor,
      body: { question: 'How much can my checked baggage weigh?', language: 'en' },
    });
    // A few pieces reach A's socket, then it drops mid-answer.
    const third = await first.waitFor((f) => f.event === 'message:bits' && seqOf(f) === 3);
    const messageId = (third as StreamEvent).message_id!;
    first.socket.terminate();
    await first.closed;
    const before = framesOf(first.frames, messageId);
    const lastSeq = Math.max(...before.map(seqOf));
    expect(before.map(seqOf)).toEqual(Array.from({ length: lastSeq + 1 }, (_, i) => i));
    expect(before.some((f) => f.event === 'message:done')).toBe(false);

    // The client reconnects to B with what it saw; its resume is its first frame.
    const second = openSocket(wsUrl(b, visitor, room));
    await second.opened;
    second.send(JSON.stringify({ event: 'resume', data: { message_id: messageId, seq: lastSeq } }));
    await second.waitFor((f) => f.event === 'message:done', 15_000);
    const after = framesOf(second.frames, messageId);

    const answered = await asked;
    expect(answered.status).toBe(200);
    const reply = (answered.body as AnswerResponse).all_messages.at(-1) as Message;
    expect(reply.message_id).toBe(messageId);

    // Still mid-answer when it resumed: more than the done frame came after.
    expect(after.length).toBeGreaterThan(1);
    // No gap, no duplicate: seqs continue exactly where the first socket stopped.
    const seqs = [...before, ...after].map(seqOf);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i));
    const done = after.at(-1)!;
    expect(done.event).toBe('message:done');
    expect(second.frames.filter((f) => f.event === 'message:done')).toHaveLength(1);

    // The joined pieces are the stored answer, read through B.
    const history = await onB.call('history', {
      params: { id: (answered.body as AnswerResponse).thread_id },
      uuid: visitor,
    });
    const stored = (history.body as Message[]).at(-1)!;
    expect(stored.status ?? 'complete').toBe('complete');
    expect(joinedPieces([...before, ...after])).toBe(stored.content);
    expect(stored.content).toBe(reply.content);
    expect(stored.content.length).toBeGreaterThan(0);
    second.close();
  });

  it('leaves no gap when the resume arrives after live pieces reached the new socket (slow link)', async () => {
    const onA = httpClient(a.url);
    const visitor = await onA.createVisitor();
    const room = newChatRoom(visitor);
    const dropped = openSocket(wsUrl(a, visitor, room));
    // A second tab that stays connected shows how far the answer got meanwhile.
    const watcher = openSocket(wsUrl(a, visitor, room));
    await Promise.all([dropped.opened, watcher.opened]);
    const asked = onA.call('answer', {
      uuid: visitor,
      body: { question: 'How much can my checked baggage weigh?', language: 'en' },
    });
    const second = await dropped.waitFor((f) => f.event === 'message:bits' && seqOf(f) === 2);
    const messageId = (second as StreamEvent).message_id!;
    dropped.socket.terminate();
    const lastSeq = Math.max(...framesOf(dropped.frames, messageId).map(seqOf));
    // The answer moves on by several pieces before the client is back.
    await watcher.waitFor((f) => f.event === 'message:bits' && seqOf(f) >= lastSeq + 3);

    const back = openSocket(wsUrl(b, visitor, room));
    await back.opened;
    // Its resume goes out only after the first frame came in, as on a slow mobile link.
    await back.waitFor((f) => 'message_id' in f && f.message_id === messageId);
    back.send(JSON.stringify({ event: 'resume', data: { message_id: messageId, seq: lastSeq } }));
    await back.waitFor((f) => f.event === 'message:done', 15_000);
    const answered = await asked;
    expect(answered.status).toBe(200);
    const reply = (answered.body as AnswerResponse).all_messages.at(-1) as Message;

    // It joined mid-answer, so it caught up from the start: every seq once, in order, no gap.
    const frames = framesOf(back.frames, messageId);
    expect(frames.map(seqOf)).toEqual(Array.from({ length: frames.length }, (_, i) => i));
    expect(frames[0]?.event).toBe('message:created');
    expect(joinedPieces(frames)).toBe(reply.content);
    expect(back.frames.filter((f) => f.event === 'error')).toEqual([]);
    back.close();
    watcher.close();
  });

  it('replays a finished answer to a socket on B that missed its end', async () => {
    const onB = httpClient(b.url);
    const visitor = await onB.createVisitor();
    const room = newChatRoom(visitor);
    const first = openSocket(wsUrl(a, visitor, room));
    await first.opened;
    const asked = onB.call('answer', {
      uuid: visitor,
      body: { question: 'Can I take my dog in the cabin?', language: 'en' },
    });
    const created = await first.waitFor((f) => f.event === 'message:created');
    const messageId = (created as StreamEvent).message_id!;
    first.socket.terminate();
    // The whole answer is produced while the visitor has no socket at all.
    const answered = await asked;
    expect(answered.status).toBe(200);
    const reply = (answered.body as AnswerResponse).all_messages.at(-1) as Message;

    const second = openSocket(wsUrl(b, visitor, room));
    await second.opened;
    second.send(JSON.stringify({ event: 'resume', data: { message_id: messageId, seq: 0 } }));
    await second.waitFor((f) => f.event === 'message:done');
    const after = framesOf(second.frames, messageId);
    expect(after.map(seqOf)).toEqual(Array.from({ length: after.length }, (_, i) => i + 1));
    expect(joinedPieces(after)).toBe(reply.content);
    second.close();
  });
});
