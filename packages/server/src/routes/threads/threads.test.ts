import { randomUUID } from 'node:crypto';
import {
  newChatRoom,
  WS_CLOSE_FORBIDDEN,
  wsPath,
  type AnswerResponse,
} from '@supersteward/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAltchaCaptcha } from '../../captcha/altcha.js';
import { createMemoryReplayGuard } from '../../captcha/replay.js';
import { solveAltcha } from '../../test/altcha-solver.js';
import { httpClient, type HttpClient } from '../../test/http-client.js';
import { snapshot } from '../../test/snapshot.js';
import { openSocket } from '../../test/socket-client.js';
import { startTestApp, type TestApp } from '../../test/start-app.js';

/** The real ALTCHA provider, with little work per challenge so tests stay quick. */
const altcha = () =>
  createAltchaCaptcha({
    hmacKey: 'threads-test-hmac-key',
    cost: 10,
    maxCounter: 20,
    replay: createMemoryReplayGuard(),
  });

describe('threads, with the real ALTCHA captcha', () => {
  let running: TestApp;
  let http: HttpClient;
  const token = () => solveAltcha(running.url);
  const ask = async (uuid: string, question: string, thread_id: string | null = null) => {
    const sent = await http.call('answer', {
      uuid,
      captcha: await token(),
      body: { question, thread_id },
    });
    expect(sent.status).toBe(200);
    return sent.body as AnswerResponse;
  };

  beforeAll(async () => {
    running = await startTestApp({ captcha: altcha });
    http = httpClient(running.url);
  });
  afterAll(() => running.close());

  it('lists threads newest first with name and ISO updated_at; reads history', async () => {
    const visitor = await http.createVisitor();
    const a = await ask(
      visitor,
      'How heavy may my checked baggage be on a flight to Paris in summer season?',
    );
    const b = await ask(visitor, 'Pets in the cabin?');
    await ask(visitor, 'And in the hold?', a.thread_id);
    const list = await http.call('threads', { uuid: visitor });
    expect(list.status).toBe(200);
    const threads = list.body as Array<{ thread_id: string; name: string; updated_at: string }>;
    expect(threads.map((t) => t.thread_id)).toEqual([a.thread_id, b.thread_id]);
    expect(threads[0]?.name).toBe(
      'How heavy may my checked baggage be on a flight to Paris in summer season?',
    );
    expect(threads[1]?.name).toBe('Pets in the cabin?');
    for (const thread of threads)
      expect(new Date(thread.updated_at).toISOString()).toBe(thread.updated_at);

    const history = await http.call('history', { params: { id: a.thread_id }, uuid: visitor });
    expect((history.body as Array<{ content: string }>).map((m) => m.content)).toEqual([
      'How heavy may my checked baggage be on a flight to Paris in summer season?',
      'Hello there',
      'And in the hold?',
      'Hello there',
    ]);
    const missing = await http.call('history', { params: { id: randomUUID() }, uuid: visitor });
    expect(missing).toMatchObject({ status: 200, body: null });
  });

  it('requires a captcha to ask: missing, forged and reused tokens are 403 and change nothing', async () => {
    const visitor = await http.createVisitor();
    const before = await snapshot(running.database);
    const body = { question: 'Is this protected?' };
    const missing = await http.call('answer', { uuid: visitor, body: body });
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual({ status_code: 403, detail: expect.stringMatching(/captcha/i) });
    const forged = await http.call('answer', {
      uuid: visitor,
      captcha: btoa('{"a":1}'),
      body: body,
    });
    expect(forged.status).toBe(403);
    expect(await snapshot(running.database)).toEqual(before);

    const solved = await token();
    expect((await http.call('answer', { uuid: visitor, captcha: solved, body: body })).status).toBe(
      200,
    );
    const after = await snapshot(running.database);
    const reused = await http.call('answer', {
      uuid: visitor,
      captcha: solved,
      body: body,
    });
    expect(reused.status).toBe(403);
    expect((reused.body as { detail: string }).detail).toMatch(/already used/);
    expect(await snapshot(running.database)).toEqual(after);
  });

  it('deletes one thread with a captcha; 403 without, 404 when not the visitor’s', async () => {
    const visitor = await http.createVisitor();
    const a = await ask(visitor, 'Delete me later');
    const b = await ask(visitor, 'Keep me');
    const before = await snapshot(running.database);
    expect(
      (await http.call('deleteThread', { params: { id: a.thread_id }, uuid: visitor })).status,
    ).toBe(403);
    expect(
      (
        await http.call('deleteThread', {
          params: { id: randomUUID() },
          uuid: visitor,
          captcha: await token(),
        })
      ).status,
    ).toBe(404);
    expect(await snapshot(running.database)).toEqual(before);

    const deleted = await http.call('deleteThread', {
      params: { id: a.thread_id },
      uuid: visitor,
      captcha: await token(),
    });
    expect(deleted).toMatchObject({ status: 200, body: { deleted: 1 } });
    const left = (await http.call('threads', { uuid: visitor })).body as Array<{
      thread_id: string;
    }>;
    expect(left.map((t) => t.thread_id)).toEqual([b.thread_id]);
    expect(
      (await http.call('history', { params: { id: a.thread_id }, uuid: visitor })).body,
    ).toBeNull();
  });

  it('deletes all without a captcha: every thread, message, feedback and the visitor itself', async () => {
    const visitor = await http.createVisitor();
    const keep = await http.createVisitor();
    const kept = await ask(keep, 'Not mine to delete');
    const a = await ask(visitor, 'First');
    await ask(visitor, 'Second');
    const reply = a.all_messages.at(-1)!;
    expect(
      (
        await http.call('feedback', {
          uuid: visitor,
          captcha: await token(),
          body: { message_id: reply.message_id, sentiment: 'positive' },
        })
      ).status,
    ).toBe(200);

    const sent = await http.call('deleteAll', { uuid: visitor });
    expect(sent).toMatchObject({ status: 200, body: { deleted: 2 } });
    expect(await running.store.userExists(visitor)).toBe(false);
    const rows = await snapshot(running.database);
    expect(rows.users.some((u) => (u as { id: string }).id === visitor)).toBe(false);
    expect(rows.feedback.some((f) => (f as { user_id: string }).user_id === visitor)).toBe(false);
    expect(rows.threads.some((t) => (t as { user_id: string }).user_id === visitor)).toBe(false);
    // The next call from the deleted visitor is "unknown visitor", as the spec's client expects.
    expect((await http.call('threads', { uuid: visitor })).body).toMatchObject({
      status_code: 404,
    });
    // Others keep theirs.
    expect((await running.store.listThreads(keep)).map((t) => t.thread_id)).toEqual([
      kept.thread_id,
    ]);
  });

  it('refuses a missing, malformed, overlong or unknown uuid with 404 and status_code in the body', async () => {
    for (const uuid of [
      undefined,
      'x',
      `${randomUUID()}-extra-extra-extra-extra-extra-extra`,
      randomUUID(),
    ]) {
      for (const [method, path] of [
        ['GET', '/assistant/threads'],
        ['GET', `/assistant/threads/${randomUUID()}/history`],
        ['DELETE', '/assistant/threads/all'],
        ['DELETE', `/assistant/threads/${randomUUID()}`],
      ] as const) {
        const sent = await http.send(method, path, uuid === undefined ? {} : { uuid });
        expect(sent.status, `${method} ${path} ${uuid}`).toBe(404);
        expect(sent.body).toEqual({
          status_code: 404,
          detail: expect.stringMatching(/Unknown visitor/),
        });
      }
    }
  });

  it('keeps two visitors apart: no reading, deleting, rating, asking into or joining the other’s threads', async () => {
    const alice = await http.createVisitor();
    const bob = await http.createVisitor();
    const mine = await ask(alice, 'Alice asks about baggage');
    const reply = mine.all_messages.at(-1)!;
    await ask(bob, 'Bob asks about pets');
    const before = await snapshot(running.database);

    expect((await http.call('threads', { uuid: bob })).body).not.toContainEqual(
      expect.objectContaining({ thread_id: mine.thread_id }),
    );
    expect(
      (await http.call('history', { params: { id: mine.thread_id }, uuid: bob })).body,
    ).toBeNull();
    expect(
      (
        await http.call('deleteThread', {
          params: { id: mine.thread_id },
          uuid: bob,
          captcha: await token(),
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await http.call('feedback', {
          uuid: bob,
          captcha: await token(),
          body: { message_id: reply.message_id, sentiment: 'negative' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await http.call('answer', {
          uuid: bob,
          captcha: await token(),
          body: { question: 'Sneaking in', thread_id: mine.thread_id },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await http.call('registerRoom', {
          uuid: bob,
          body: { user_id: bob, room_id: mine.thread_id },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await http.call('registerRoom', {
          uuid: bob,
          body: { user_id: alice, room_id: newChatRoom(alice) },
        })
      ).status,
    ).toBe(403);
    for (const room of [mine.thread_id, newChatRoom(alice)]) {
      const socket = openSocket(`${running.wsUrl}${wsPath(bob, room)}`);
      expect((await socket.closed).code).toBe(WS_CLOSE_FORBIDDEN);
    }
    expect(await snapshot(running.database)).toEqual(before);
  });
});
