import { randomUUID } from 'node:crypto';
import {
  newChatRoom,
  wsPath,
  type AnswerResponse,
  type Message,
  type ServerEvent,
  type Source,
} from '@supersteward/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createGate,
  createScriptedEngine,
  type ScriptedEngine,
  type ScriptedTurn,
} from '../../test/scripted-engine.js';
import { httpClient, type HttpClient, type SendOptions } from '../../test/http-client.js';
import { snapshot } from '../../test/snapshot.js';
import { openSocket } from '../../test/socket-client.js';
import { startTestApp, type TestApp } from '../../test/start-app.js';

const SOURCES: Source[] = [
  { id: 'baggage', title: 'Baggage', url: 'https://lovcenair.example/baggage' },
];

type BitsEvent = Extract<ServerEvent, { event: 'message:bits' }>;

function bitsOf(frames: ServerEvent[], messageId: string): BitsEvent[] {
  return frames.filter(
    (f): f is BitsEvent => f.event === 'message:bits' && f.message_id === messageId,
  );
}

describe('POST /assistant/answer', () => {
  let running: TestApp;
  let http: HttpClient;
  let engine: ScriptedEngine;
  let turn: ScriptedTurn;

  beforeAll(async () => {
    engine = createScriptedEngine(() => turn);
    running = await startTestApp({ engine });
    http = httpClient(running.url);
  });
  afterAll(() => running.close());
  beforeEach(() => {
    turn = { pieces: ['Checked bags', ' may weigh', ' up to 23 kg.'], sources: SOURCES };
  });

  const ask = (uuid: string, json: unknown, options: SendOptions = {}) =>
    http.send('POST', '/assistant/answer', { uuid, json, ...options });

  it('streams a new chat to newchat_<uuid>: created, then the pieces in order, then done; the joined pieces are stored', async () => {
    const visitor = await http.createVisitor();
    const socket = openSocket(`${running.wsUrl}${wsPath(visitor, newChatRoom(visitor))}`);
    await socket.opened;

    const sent = await ask(visitor, {
      question: '  How much may my checked bag weigh?  ',
      thread_id: null,
    });
    expect(sent.status).toBe(200);
    const body = sent.body as AnswerResponse;
    expect(body.all_messages).toHaveLength(2);
    const [user, assistant] = body.all_messages as [Message, Message];
    expect(user).toMatchObject({
      role: 'user',
      content: 'How much may my checked bag weigh?',
      sentiment: null,
    });
    expect(assistant).toMatchObject({
      role: 'assistant',
      content: 'Checked bags may weigh up to 23 kg.',
      sources: SOURCES,
      sentiment: null,
    });
    expect(Number.isInteger(assistant.createdAt)).toBe(true);
    expect(assistant.createdAt).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));

    await socket.waitFor((f) => f.event === 'message:done');
    const frames = socket.frames;
    expect(frames[0]).toEqual({
      event: 'message:created',
      data: '',
      message_id: assistant.message_id,
      thread_id: body.thread_id,
      seq: 0,
    });
    const bits = bitsOf(frames, assistant.message_id);
    expect(bits.map((f) => f.data)).toEqual(['Checked bags', ' may weigh', ' up to 23 kg.']);
    expect(bits.map((f) => ('seq' in f ? f.seq : -1))).toEqual([1, 2, 3]);
    expect(frames.at(-1)).toMatchObject({
      event: 'message:done',
      data: { content: 'Checked bags may weigh up to 23 kg.', sources: SOURCES },
      seq: 4,
    });
    const stored = await running.store.history(visitor, body.thread_id);
    expect(stored?.at(-1)?.content).toBe(bits.map((f) => f.data).join(''));
    expect(stored?.at(-1)?.status ?? 'complete').toBe('complete');

    const threads = await http.call('threads', { uuid: visitor });
    expect(threads.body).toEqual([
      {
        thread_id: body.thread_id,
        name: 'How much may my checked bag weigh?',
        updated_at: expect.any(String),
      },
    ]);
    expect(engine.requests.at(-1)).toEqual({
      question: 'How much may my checked bag weigh?',
      history: [],
      language: 'mne',
    });
    socket.close();
  });

  it('streams a follow-up to the thread room (not the newchat room) and gives the engine the earlier turns', async () => {
    const visitor = await http.createVisitor();
    const first = (
      await ask(visitor, { question: 'Can I bring my cat?', thread_id: 'new', language: 'en' })
    ).body as AnswerResponse;
    const threadRoom = openSocket(`${running.wsUrl}${wsPath(visitor, first.thread_id)}`);
    const newRoom = openSocket(`${running.wsUrl}${wsPath(visitor, newChatRoom(visitor))}`);
    await Promise.all([threadRoom.opened, newRoom.opened]);

    turn = { pieces: ['Yes,', ' in the cabin', ' up to 8 kg.'], sources: [] };
    const sent = await ask(visitor, {
      question: 'And a dog?',
      thread_id: first.thread_id,
      language: 'en',
    });
    expect(sent.status).toBe(200);
    const body = sent.body as AnswerResponse;
    expect(body.thread_id).toBe(first.thread_id);
    expect(body.all_messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Can I bring my cat?'],
      ['assistant', 'Checked bags may weigh up to 23 kg.'],
      ['user', 'And a dog?'],
      ['assistant', 'Yes, in the cabin up to 8 kg.'],
    ]);
    const reply = body.all_messages.at(-1) as Message;
    await threadRoom.waitFor((f) => f.event === 'message:done');
    expect(
      bitsOf(threadRoom.frames, reply.message_id)
        .map((f) => f.data)
        .join(''),
    ).toBe(reply.content);
    expect(newRoom.frames).toEqual([]);
    expect(engine.requests.at(-1)).toEqual({
      question: 'And a dog?',
      history: [
        { role: 'user', content: 'Can I bring my cat?' },
        { role: 'assistant', content: 'Checked bags may weigh up to 23 kg.' },
      ],
      language: 'en',
    });
    threadRoom.close();
    newRoom.close();
  });

  describe('refuses bad input with a JSON 4xx and changes nothing', () => {
    let visitor: string;
    let otherThread: string;
    beforeAll(async () => {
      visitor = await http.createVisitor();
      await ask(visitor, { question: 'First question here', thread_id: null });
      const other = await http.createVisitor();
      otherThread = (
        (await ask(other, { question: 'Someone else asks', thread_id: null }))
          .body as AnswerResponse
      ).thread_id;
    });

    const cases: Array<[string, () => SendOptions & { uuid?: string }, number]> = [
      ['no uuid header', () => ({ json: { question: 'Hello?' } }), 404],
      ['a malformed uuid', () => ({ uuid: 'not-a-uuid', json: { question: 'Hello?' } }), 404],
      [
        'an overlong uuid',
        () => ({ uuid: `${visitor}${'a'.repeat(200)}`, json: { question: 'Hello?' } }),
        404,
      ],
      ['an unknown uuid', () => ({ uuid: randomUUID(), json: { question: 'Hello?' } }), 404],
      [
        'malformed JSON',
        () => ({ uuid: visitor, raw: '{"question": "Hi', contentType: 'application/json' }),
        400,
      ],
      [
        'a wrong content type',
        () => ({ uuid: visitor, raw: 'question=Hi', contentType: 'text/plain' }),
        415,
      ],
      [
        'an empty JSON body',
        () => ({ uuid: visitor, raw: '', contentType: 'application/json' }),
        400,
      ],
      ['no body at all', () => ({ uuid: visitor }), 400],
      ['a JSON array', () => ({ uuid: visitor, json: [{ question: 'Hi' }] }), 400],
      [
        'a body over 16 KiB',
        () => ({ uuid: visitor, json: { question: 'a'.repeat(17 * 1024) } }),
        413,
      ],
      ['an empty question', () => ({ uuid: visitor, json: { question: '' } }), 400],
      ['a whitespace question', () => ({ uuid: visitor, json: { question: ' \n\t ' } }), 400],
      [
        'a question without a letter',
        () => ({ uuid: visitor, json: { question: '123 ?! 45' } }),
        400,
      ],
      [
        'a question over 2,000 characters',
        () => ({ uuid: visitor, json: { question: 'a'.repeat(2001) } }),
        400,
      ],
      ['a question that is not a string', () => ({ uuid: visitor, json: { question: 42 } }), 400],
      ['a missing question', () => ({ uuid: visitor, json: { thread_id: null } }), 400],
      ['an extra field', () => ({ uuid: visitor, json: { question: 'Hello?', admin: true } }), 400],
      [
        'a thread_id that is not a string',
        () => ({ uuid: visitor, json: { question: 'Hello?', thread_id: 7 } }),
        400,
      ],
      [
        'an unknown language',
        () => ({ uuid: visitor, json: { question: 'Hello?', language: 'de' } }),
        400,
      ],
      [
        'another visitor’s thread',
        () => ({ uuid: visitor, json: { question: 'Hello?', thread_id: otherThread } }),
        404,
      ],
      [
        'a thread that does not exist',
        () => ({ uuid: visitor, json: { question: 'Hello?', thread_id: randomUUID() } }),
        404,
      ],
    ];

    it.each(cases)('%s', async (_name, options, status) => {
      const before = await snapshot(running.database);
      const asked = engine.requests.length;
      const sent = await http.send('POST', '/assistant/answer', options());
      expect(sent.status).toBe(status);
      expect(sent.headers.get('content-type')).toMatch(/^application\/json/);
      expect(sent.body).toEqual({ status_code: status, detail: expect.any(String) });
      expect((sent.body as { detail: string }).detail.length).toBeGreaterThan(5);
      expect(sent.text).not.toMatch(/at .+\.(ts|js):\d+/);
      expect(await snapshot(running.database)).toEqual(before);
      expect(engine.requests.length).toBe(asked);
    });

    it('names the unexpected field and the failed rule', async () => {
      const extra = await ask(visitor, { question: 'Hello?', admin: true });
      expect((extra.body as { detail: string }).detail).toMatch(/admin/);
      const long = await ask(visitor, { question: 'a'.repeat(2001) });
      expect((long.body as { detail: string }).detail).toMatch(/question.*2000/);
      const letters = await ask(visitor, { question: '42' });
      expect((letters.body as { detail: string }).detail).toMatch(/letter/);
    });
  });

  it('keeps the question and answers 502 when the engine fails; the reply is stored as failed', async () => {
    const visitor = await http.createVisitor();
    const socket = openSocket(`${running.wsUrl}${wsPath(visitor, newChatRoom(visitor))}`);
    await socket.opened;
    turn = { pieces: [], failWith: new Error('engine down') };
    const sent = await ask(visitor, { question: 'What about pets?', language: 'en' });
    expect(sent.status).toBe(502);
    expect(sent.body).toEqual({ status_code: 502, detail: expect.stringMatching(/saved/) });

    const [thread] = await running.store.listThreads(visitor);
    const stored = (await running.store.history(visitor, thread!.thread_id)) ?? [];
    expect(stored.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(stored[0]?.content).toBe('What about pets?');
    expect(stored[1]?.status).toBe('failed');
    expect(stored[1]?.content).toMatch(/Sorry/);
    const error = await socket.waitFor((f) => f.event === 'message:error');
    expect(error).toMatchObject({ message_id: stored[1]?.message_id, seq: 1 });

    // What was produced before a failure is what is stored.
    turn = { pieces: ['Pets travel', ' in'], failWith: new Error('cut') };
    const again = await ask(visitor, { question: 'And dogs?', thread_id: thread!.thread_id });
    expect(again.status).toBe(502);
    const after = (await running.store.history(visitor, thread!.thread_id)) ?? [];
    expect(after.at(-1)).toMatchObject({
      role: 'assistant',
      content: 'Pets travel in',
      status: 'failed',
    });
    socket.close();
  });

  it('answers 404 (not 200 with an empty thread) when the thread is deleted while its answer streams', async () => {
    const visitor = await http.createVisitor();
    const gate = createGate();
    const reached = createGate();
    turn = {
      pieces: ['First piece.', ' Second piece.'],
      beforePiece: (index) => {
        if (index === 0) return Promise.resolve();
        reached.open();
        return gate.promise;
      },
    };
    const pending = ask(visitor, { question: 'Delete me while you answer' });
    await reached.promise;
    const [thread] = await running.store.listThreads(visitor);
    const deleted = await http.call('deleteThread', {
      params: { id: thread!.thread_id },
      uuid: visitor,
    });
    expect(deleted.status).toBe(200);
    gate.open();
    const sent = await pending;
    expect(sent.status, sent.text).toBe(404);
    expect(sent.body).toMatchObject({ status_code: 404, detail: expect.stringMatching(/deleted/) });
    expect(await running.store.listThreads(visitor)).toEqual([]);
  });

  it('stops the engine when the client hangs up and stores what was produced as interrupted', async () => {
    const visitor = await http.createVisitor();
    const gate = createGate();
    const reached = createGate();
    turn = {
      pieces: ['First piece.', ' Never sent.'],
      beforePiece: (index) => {
        if (index === 0) return Promise.resolve();
        reached.open();
        return gate.promise;
      },
    };
    const controller = new AbortController();
    const pending = ask(
      visitor,
      { question: 'Hang up on me' },
      { signal: controller.signal },
    ).catch((e: Error) => e);
    await reached.promise;
    controller.abort();
    expect(await pending).toBeInstanceOf(Error);

    await expect
      .poll(async () => {
        const [thread] = await running.store.listThreads(visitor);
        return thread
          ? (await running.store.history(visitor, thread.thread_id))?.at(-1)
          : undefined;
      })
      .toMatchObject({ role: 'assistant', content: 'First piece.', status: 'interrupted' });
    gate.open();
  });
});

describe('daily limits', () => {
  it('per visitor: concurrent asks never pass the limit; 429 carries limit, reset_at and Retry-After; midnight resets', async () => {
    let clock = new Date('2026-03-10T10:00:00Z');
    const running = await startTestApp({ env: { DAILY_MESSAGE_LIMIT: '3' }, now: () => clock });
    try {
      const http = httpClient(running.url);
      const visitor = await http.createVisitor();
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          http.call('answer', {
            uuid: visitor,
            body: { question: `Question number ${i}` },
          }),
        ),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
      const refused = results.find((r) => r.status === 429)!;
      // Midnight in Podgorica (CET, UTC+1 in March) is 23:00 UTC.
      expect(refused.body).toEqual({
        status_code: 429,
        detail: expect.stringMatching(/3/),
        limit: 3,
        reset_at: expect.any(String),
      });
      const resetAt = Date.parse((refused.body as { reset_at: string }).reset_at);
      expect(resetAt).toBe(Date.parse('2026-03-10T23:00:00Z'));
      expect(refused.headers.get('retry-after')).toBe(String(13 * 3600));
      const threads = await running.store.listThreads(visitor);
      expect(threads).toHaveLength(3);

      clock = new Date('2026-03-10T23:00:01Z');
      const nextDay = await http.call('answer', {
        uuid: visitor,
        body: { question: 'New day?' },
      });
      expect(nextDay.status).toBe(200);
    } finally {
      await running.close();
    }
  });

  it('per client IP, across visitors', async () => {
    const running = await startTestApp({
      env: { DAILY_MESSAGE_LIMIT: '10', IP_DAILY_MESSAGE_LIMIT: '2' },
    });
    try {
      const http = httpClient(running.url);
      const [a, b] = [await http.createVisitor(), await http.createVisitor()];
      expect((await http.call('answer', { uuid: a, body: { question: 'One?' } })).status).toBe(200);
      expect((await http.call('answer', { uuid: b, body: { question: 'Two?' } })).status).toBe(200);
      const before = await snapshot(running.database);
      const refused = await http.call('answer', {
        uuid: b,
        body: { question: 'Three?' },
      });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ status_code: 429, limit: 2 });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      const after = await snapshot(running.database);
      // Nothing is written and nothing spent: not even the refused visitor's own counter.
      expect(after).toEqual(before);
    } finally {
      await running.close();
    }
  });
});

describe('graceful shutdown with an answer in flight', () => {
  it('lets an answer finish within the timeout', async () => {
    const gate = createGate();
    const reached = createGate();
    const engine = createScriptedEngine(() => ({
      pieces: ['Done', ' in time.'],
      beforePiece: (index) => {
        if (index === 1) {
          reached.open();
          return gate.promise;
        }
        return Promise.resolve();
      },
    }));
    const running = await startTestApp({ engine });
    const http = httpClient(running.url);
    const visitor = await http.createVisitor();
    const pending = http.call('answer', {
      uuid: visitor,
      body: { question: 'Finish me' },
    });
    await reached.promise;
    const stopping = running.app.shutdown(5_000);
    setTimeout(() => gate.open(), 100);
    const sent = await pending;
    expect(sent.status).toBe(200);
    expect((sent.body as AnswerResponse).all_messages.at(-1)?.content).toBe('Done in time.');
    await stopping;
    await running.close();
  });

  it('stores an answer still running at the timeout as interrupted, and closes sockets with 1001', async () => {
    const reached = createGate();
    const engine = createScriptedEngine(() => ({
      pieces: ['Partial', ' never'],
      beforePiece: (index) => {
        if (index === 1) {
          reached.open();
          return new Promise<void>(() => undefined);
        }
        return Promise.resolve();
      },
    }));
    const running = await startTestApp({ engine, env: { SHUTDOWN_TIMEOUT_MS: '200' } });
    const http = httpClient(running.url);
    const visitor = await http.createVisitor();
    const socket = openSocket(`${running.wsUrl}${wsPath(visitor, newChatRoom(visitor))}`);
    await socket.opened;
    const pending = http.call('answer', {
      uuid: visitor,
      body: { question: 'Cut me short' },
    });
    await reached.promise;
    const stopping = running.app.shutdown(running.settings.shutdownTimeoutMs);
    const sent = await pending;
    expect(sent.status).toBe(503);
    expect(sent.body).toEqual({ status_code: 503, detail: expect.any(String) });
    await stopping;
    expect(await socket.closed).toMatchObject({ code: 1001 });
    const [thread] = await running.store.listThreads(visitor);
    const last = (await running.store.history(visitor, thread!.thread_id))?.at(-1);
    expect(last).toMatchObject({ role: 'assistant', content: 'Partial', status: 'interrupted' });
    expect(socket.frames.map((f) => f.event)).toEqual([
      'message:created',
      'message:bits',
      'message:error',
    ]);
    await running.close();
  });
});
