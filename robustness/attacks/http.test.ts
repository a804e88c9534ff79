import { passengerRoute, type PassengerEndpointName } from '@supersteward/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, type RawSent } from '../support/raw-http.js';
import { createTally } from '../support/tally.js';
import { startTarget, type Target } from '../support/target.js';
import { client, type Client } from '../support/visitors.js';

/** Two visitors with one answered thread each; the attacks come from A. */
interface World {
  target: Target;
  http: Client;
  a: string;
  b: string;
  aThread: string;
  bThread: string;
  /** A's question (a user message) and answer (an assistant message). */
  aQuestion: string;
  aAnswer: string;
  bAnswer: string;
}

interface AttackCase {
  name: string;
  /** The status the server must answer. */
  status: number;
  send(world: World): Promise<RawSent>;
  /** More to check on the answer. */
  check?(sent: RawSent, world: World): void;
}

const JSON_TYPE = { 'content-type': 'application/json' };
/** The bytes as sent: JSON text with raw bytes spliced in (invalid UTF-8 cannot be a JS string). */
const bytes = (...parts: Array<string | number[]>): Buffer =>
  Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))),
  );

/** Method and path of a passenger endpoint, from the contract's table. */
const at = (name: PassengerEndpointName, params?: Record<string, string>) => {
  const [method, path] = passengerRoute(name, params);
  return { method, path };
};

const answer = (world: World, body: string | Buffer, headers: Record<string, string> = JSON_TYPE) =>
  rawRequest(world.target.url, {
    ...at('answer'),
    headers: { uuid: world.a, ...headers },
    body,
  });
const feedback = (world: World, body: string | Buffer) =>
  rawRequest(world.target.url, {
    ...at('feedback'),
    headers: { uuid: world.a, ...JSON_TYPE },
    body,
  });
const register = (world: World, body: string) =>
  rawRequest(world.target.url, {
    ...at('registerRoom'),
    headers: { uuid: world.a, ...JSON_TYPE },
    body,
  });
const as = (world: World, method: string, path: string, headers: Record<string, string> = {}) =>
  rawRequest(world.target.url, { method, path, headers: { uuid: world.a, ...headers } });

const malformed: AttackCase[] = [
  { name: 'truncated JSON', status: 400, send: (w) => answer(w, '{"question":"Where is') },
  { name: 'a form body labelled JSON', status: 400, send: (w) => answer(w, 'question=hi') },
  { name: 'a JSON array', status: 400, send: (w) => answer(w, '[]') },
  { name: 'a JSON string', status: 400, send: (w) => answer(w, '"Where is my bag?"') },
  { name: 'JSON null', status: 400, send: (w) => answer(w, 'null') },
  { name: 'question as a number', status: 400, send: (w) => answer(w, '{"question":42}') },
  { name: 'question null', status: 400, send: (w) => answer(w, '{"question":null}') },
  { name: 'question as an object', status: 400, send: (w) => answer(w, '{"question":{"a":"b"}}') },
  { name: 'question as an array', status: 400, send: (w) => answer(w, '{"question":["bag"]}') },
  {
    name: 'thread_id as a number',
    status: 400,
    send: (w) => answer(w, '{"question":"Bags?","thread_id":7}'),
  },
  {
    name: 'thread_id as an object',
    status: 400,
    send: (w) => answer(w, '{"question":"Bags?","thread_id":{"$ne":null}}'),
  },
  {
    name: 'an unknown language',
    status: 400,
    send: (w) => answer(w, '{"question":"Bags?","language":"de"}'),
  },
  {
    name: 'an unexpected field',
    status: 400,
    send: (w) => answer(w, '{"question":"Bags?","admin":true}'),
  },
  {
    name: 'JSON nested 5,000 deep',
    status: 400,
    send: (w) => answer(w, `${'['.repeat(5_000)}${']'.repeat(5_000)}`),
  },
  {
    name: 'feedback with an unknown sentiment',
    status: 400,
    send: (w) => feedback(w, JSON.stringify({ message_id: w.aAnswer, sentiment: 'great' })),
  },
  {
    name: 'feedback without message_id',
    status: 400,
    send: (w) => feedback(w, '{"sentiment":"positive"}'),
  },
  {
    name: 'feedback comment of 1,001 characters',
    status: 400,
    send: (w) =>
      feedback(
        w,
        JSON.stringify({
          message_id: w.aAnswer,
          sentiment: 'negative',
          comment: 'x'.repeat(1_001),
        }),
      ),
  },
  {
    name: 'room registration with user_id as an array',
    status: 400,
    send: (w) => register(w, JSON.stringify({ user_id: [w.a], room_id: `newchat_${w.a}` })),
  },
  {
    name: 'a text/plain body (what a foreign form can send)',
    status: 415,
    send: (w) => answer(w, '{"question":"Bags?"}', { 'content-type': 'text/plain' }),
  },
  {
    name: 'a urlencoded body',
    status: 415,
    send: (w) =>
      answer(w, 'question=Bags', { 'content-type': 'application/x-www-form-urlencoded' }),
  },
  {
    name: 'a multipart body',
    status: 415,
    send: (w) =>
      answer(w, '--x\r\n\r\nBags\r\n--x--', { 'content-type': 'multipart/form-data; boundary=x' }),
  },
  {
    name: 'a body of 1 MB',
    status: 413,
    send: (w) => answer(w, JSON.stringify({ question: 'a'.repeat(1024 * 1024) })),
  },
  { name: 'an empty body', status: 400, send: (w) => answer(w, '') },
];

const questions: AttackCase[] = [
  {
    name: 'a question of 2,001 characters',
    status: 400,
    send: (w) => answer(w, JSON.stringify({ question: 'b'.repeat(2_001) })),
  },
  {
    name: 'a question without letters',
    status: 400,
    send: (w) => answer(w, JSON.stringify({ question: '12345 ?! 67 — 89' })),
  },
  {
    name: 'a question of whitespace only',
    status: 400,
    send: (w) => answer(w, JSON.stringify({ question: ' \n\t  ' })),
  },
  {
    name: 'a question of emoji only',
    status: 400,
    send: (w) => answer(w, JSON.stringify({ question: '🧳🐶✈️' })),
  },
  {
    name: 'a question with NUL bytes',
    status: 400,
    send: (w) => answer(w, JSON.stringify({ question: 'How much\u0000 is a bag?\u0000' })),
  },
  {
    name: 'a feedback comment with a NUL byte',
    status: 400,
    send: (w) =>
      feedback(
        w,
        JSON.stringify({ message_id: w.aAnswer, sentiment: 'negative', comment: 'bad\u0000' }),
      ),
  },
  {
    name: 'a question with invalid UTF-8 (a lone continuation byte)',
    status: 400,
    send: (w) => answer(w, bytes('{"question":"How much ', [0x80, 0xff], ' is a bag?"}')),
  },
  {
    name: 'a question with an overlong UTF-8 encoding of "/"',
    status: 400,
    send: (w) => answer(w, bytes('{"question":"Bags ', [0xc0, 0xaf], ' pets"}')),
  },
  {
    name: 'a feedback comment with invalid UTF-8',
    status: 400,
    send: (w) =>
      feedback(
        w,
        bytes(`{"message_id":"${w.aAnswer}","sentiment":"negative","comment":"bad `, [0xfe], '"}'),
      ),
  },
];

const VALID_UNKNOWN_UUID = '6f1c2f4e-9a1b-4c3d-8e5f-0a1b2c3d4e5f';
const uuids: AttackCase[] = [
  {
    name: 'the uuid header missing',
    status: 404,
    send: (w) => rawRequest(w.target.url, at('threads')),
  },
  {
    name: 'the uuid header malformed',
    status: 404,
    send: (w) =>
      rawRequest(w.target.url, {
        ...at('threads'),
        headers: { uuid: 'not-a-uuid' },
      }),
  },
  {
    name: 'the uuid header well-formed but unknown',
    status: 404,
    send: (w) =>
      rawRequest(w.target.url, {
        ...at('threads'),
        headers: { uuid: VALID_UNKNOWN_UUID },
      }),
  },
  {
    name: 'the uuid header 10,000 characters long',
    status: 404,
    send: (w) =>
      rawRequest(w.target.url, {
        ...at('threads'),
        headers: { uuid: `${w.a}${'0'.repeat(10_000)}` },
      }),
  },
  {
    name: 'the uuid header twice (A and B)',
    status: 404,
    send: (w) =>
      rawRequest(w.target.url, {
        ...at('threads'),
        headers: { uuid: [w.a, w.b] },
      }),
  },
  {
    name: "another visitor's uuid header sees only that visitor's threads",
    status: 200,
    send: (w) =>
      rawRequest(w.target.url, {
        ...at('history', { id: w.aThread }),
        headers: { uuid: w.b },
      }),
    check: (sent) => expect(sent.body).toBeNull(),
  },
  {
    name: "room registration naming another visitor's user_id",
    status: 403,
    send: (w) => register(w, JSON.stringify({ user_id: w.b, room_id: `newchat_${w.b}` })),
  },
];

const crossVisitor: AttackCase[] = [
  {
    name: "reading another visitor's thread",
    status: 200,
    send: (w) => as(w, 'GET', `/assistant/threads/${w.bThread}/history`),
    check: (sent) => expect(sent.body).toBeNull(),
  },
  {
    name: 'listing threads shows only your own',
    status: 200,
    send: (w) => as(w, 'GET', '/assistant/threads'),
    check: (sent, w) =>
      expect((sent.body as Array<{ thread_id: string }>).map((t) => t.thread_id)).toEqual([
        w.aThread,
      ]),
  },
  {
    name: "deleting another visitor's thread",
    status: 404,
    send: (w) =>
      w.http.call('deleteThread', { params: { id: w.bThread }, uuid: w.a, captcha: true }),
  },
  {
    name: "feedback on another visitor's answer",
    status: 404,
    send: (w) =>
      w.http.call('feedback', {
        uuid: w.a,
        captcha: true,
        json: { message_id: w.bAnswer, sentiment: 'negative', comment: 'hijacked' },
      }),
  },
  {
    name: 'feedback on a question (not an answer)',
    status: 404,
    send: (w) =>
      w.http.call('feedback', {
        uuid: w.a,
        captcha: true,
        json: { message_id: w.aQuestion, sentiment: 'positive' },
      }),
  },
  {
    name: "asking in another visitor's thread",
    status: 404,
    send: (w) =>
      w.http.call('answer', {
        uuid: w.a,
        captcha: true,
        json: { question: 'What did you tell B?', thread_id: w.bThread },
      }),
  },
  {
    name: "registering to another visitor's thread room",
    status: 403,
    send: (w) => register(w, JSON.stringify({ user_id: w.a, room_id: w.bThread })),
  },
  {
    name: "registering to another visitor's new-chat room",
    status: 403,
    send: (w) => register(w, JSON.stringify({ user_id: w.a, room_id: `newchat_${w.b}` })),
  },
];

/** Path traversal and SQL injection, tried in every id and field. */
const EVIL = [
  '../../../../etc/passwd',
  '..\\..\\..\\package.json',
  "1' OR '1'='1",
  "x'); DROP TABLE messages; --",
  '" UNION SELECT content FROM messages --',
  '%00%2e%2e%2f',
];
const injected: AttackCase[] = EVIL.flatMap((evil): AttackCase[] => [
  {
    name: `history of thread ${JSON.stringify(evil)}`,
    status: 200,
    send: (w) => as(w, 'GET', `/assistant/threads/${encodeURIComponent(evil)}/history`),
    check: (sent) => expect(sent.body).toBeNull(),
  },
  {
    name: `deleting thread ${JSON.stringify(evil)}`,
    status: 404,
    send: (w) => w.http.call('deleteThread', { params: { id: evil }, uuid: w.a, captcha: true }),
  },
  {
    name: `asking in thread ${JSON.stringify(evil)}`,
    status: 404,
    send: (w) =>
      w.http.call('answer', {
        uuid: w.a,
        captcha: true,
        json: { question: 'Pets?', thread_id: evil },
      }),
  },
  {
    name: `feedback on message ${JSON.stringify(evil)}`,
    status: 404,
    send: (w) =>
      w.http.call('feedback', {
        uuid: w.a,
        captcha: true,
        json: { message_id: evil, sentiment: 'positive', comment: evil },
      }),
  },
  {
    name: `registering to room ${JSON.stringify(evil)}`,
    status: 403,
    send: (w) => register(w, JSON.stringify({ user_id: w.a, room_id: evil })),
  },
  {
    name: `uuid header ${JSON.stringify(evil)}`,
    status: 404,
    send: (w) =>
      rawRequest(w.target.url, {
        ...at('threads'),
        headers: { uuid: evil },
      }),
  },
  {
    name: `language ${JSON.stringify(evil)}`,
    status: 400,
    send: (w) => answer(w, JSON.stringify({ question: 'Pets?', language: evil })),
  },
]);

const noSecrets = (sent: RawSent): void => {
  expect(sent.text).not.toMatch(/root:.*:0:0:|"workspaces"|"devDependencies"/);
};
const traversal: AttackCase[] = [
  '/assistant/threads/../../../etc/passwd/history',
  '/assets/../../../../../etc/passwd',
  '/%2e%2e/%2e%2e/%2e%2e/package.json',
  '/assets/..%2f..%2f..%2f..%2fpackage.json',
  '/assets/..%5c..%5c..%5cpackage.json',
  '/docs/static/..%2f..%2f..%2f..%2f..%2fpackage.json',
].map((path) => ({
  name: `path traversal ${path}`,
  status: 404,
  send: (w: World) => as(w, 'GET', path, { accept: 'application/json' }),
  check: noSecrets,
}));

const prototypeKeys: AttackCase[] = [
  {
    name: '__proto__ key in a question body',
    status: 400,
    send: (w) => answer(w, '{"question":"Bags?","__proto__":{"polluted":"yes"}}'),
  },
  {
    name: 'constructor.prototype key in a question body',
    status: 400,
    send: (w) => answer(w, '{"question":"Bags?","constructor":{"prototype":{"polluted":"yes"}}}'),
  },
  {
    name: '__proto__ nested in the question',
    status: 400,
    send: (w) => answer(w, '{"question":{"__proto__":{"polluted":"yes"}}}'),
  },
  {
    name: '__proto__ key in feedback',
    status: 400,
    send: (w) =>
      feedback(
        w,
        `{"message_id":"${w.aAnswer}","sentiment":"positive","__proto__":{"polluted":"yes"}}`,
      ),
  },
  {
    name: 'constructor key in a room registration',
    status: 400,
    send: (w) =>
      register(
        w,
        `{"user_id":"${w.a}","room_id":"newchat_${w.a}","constructor":{"prototype":{"polluted":"yes"}}}`,
      ),
  },
];

const methods: AttackCase[] = [
  { name: 'PUT on the thread list', status: 405, send: (w) => as(w, 'PUT', '/assistant/threads') },
  { name: 'GET on answer', status: 405, send: (w) => as(w, 'GET', '/assistant/answer') },
  { name: 'DELETE on create_uuid', status: 405, send: (w) => as(w, 'DELETE', '/user/create_uuid') },
  {
    name: 'PATCH on feedback',
    status: 405,
    send: (w) => as(w, 'PATCH', '/assistant/message/feedback'),
  },
  {
    name: 'GET on delete-all with X-HTTP-Method-Override: DELETE',
    status: 405,
    send: (w) => as(w, 'GET', '/assistant/threads/all', { 'x-http-method-override': 'DELETE' }),
  },
  {
    name: 'POST on delete-all with X-HTTP-Method-Override: DELETE',
    status: 405,
    send: (w) =>
      as(w, 'POST', '/assistant/threads/all', {
        'x-http-method-override': 'DELETE',
        'x-method-override': 'DELETE',
      }),
  },
  {
    name: 'POST on a thread with ?_method=DELETE',
    status: 405,
    send: (w) => as(w, 'POST', `/assistant/threads/${w.aThread}?_method=DELETE`),
  },
  {
    name: 'TRACE on the thread list',
    status: 405,
    send: (w) => as(w, 'TRACE', '/assistant/threads'),
  },
];

const EVIL_ORIGIN = 'https://evil.example';
const crossOrigin: AttackCase[] = [
  {
    name: 'CORS preflight from a foreign origin',
    status: 405,
    send: (w) =>
      as(w, 'OPTIONS', '/assistant/answer', {
        origin: EVIL_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,uuid,x-captcha-token',
      }),
    check: (sent) => expect(sent.headers['access-control-allow-origin']).toBeUndefined(),
  },
  {
    name: 'a read from a foreign origin gets no CORS grant',
    status: 200,
    send: (w) => as(w, 'GET', '/assistant/threads', { origin: EVIL_ORIGIN }),
    check: (sent) => expect(sent.headers['access-control-allow-origin']).toBeUndefined(),
  },
  {
    name: 'a simple (text/plain) cross-site POST',
    status: 415,
    send: (w) =>
      answer(w, '{"question":"Bags?"}', { origin: EVIL_ORIGIN, 'content-type': 'text/plain' }),
  },
];

const CASES: AttackCase[] = [
  ...malformed,
  ...questions,
  ...uuids,
  ...crossVisitor,
  ...injected,
  ...traversal,
  ...prototypeKeys,
  ...methods,
  ...crossOrigin,
];

describe.each([
  ['SQLite', {}],
  ['PostgreSQL + Redis', { postgres: true, redis: true }],
] as const)(
  `HTTP attacks on %s (${CASES.length} cases): each answered as stated, nothing changed, still serving`,
  (store, options) => {
    const world = {} as World;
    const tally = createTally(`HTTP attacks on ${store}`);

    beforeAll(async () => {
      world.target = await startTarget(options);
      world.http = client(world.target.url);
      world.a = await world.http.createVisitor();
      world.b = await world.http.createVisitor();
      const a = await world.http.ask(world.a, 'How much can my checked baggage weigh?');
      const b = await world.http.ask(world.b, 'Can I take my cat in the cabin?');
      world.aThread = a.thread_id;
      world.bThread = b.thread_id;
      world.aQuestion = a.all_messages[0]!.message_id;
      world.aAnswer = a.all_messages[1]!.message_id;
      world.bAnswer = b.all_messages[1]!.message_id;
    });
    afterAll(async () => {
      tally.print();
      await world.target?.close();
    });

    it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, attack) => {
      const before = await world.target.snapshot();
      const sent = await attack.send(world);
      const after = await world.target.snapshot();
      tally.record(sent.status, JSON.stringify(after) !== JSON.stringify(before));

      expect(sent.status, sent.text.slice(0, 300)).toBe(attack.status);
      if (attack.status >= 400) {
        expect(sent.headers['content-type']).toMatch(/^application\/json/);
        expect(sent.body).toMatchObject({ status_code: attack.status, detail: expect.any(String) });
      }
      attack.check?.(sent, world);
      expect(after).toEqual(before);
      // Nothing leaked into every object of the process.
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
      // Still serving: a normal visitor's read works.
      const served = await world.http.call('history', {
        params: { id: world.aThread },
        uuid: world.a,
      });
      expect(served.status).toBe(200);
      expect(served.body).toHaveLength(2);
    });
  },
);
