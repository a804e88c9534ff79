import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTally } from '../support/tally.js';
import { startTarget, type Target } from '../support/target.js';
import { client } from '../support/visitors.js';

const tally = createTally('limit attacks');
afterAll(() => tally.print());

describe('spoofed client addresses without TRUST_PROXY', () => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget({ env: { UUID_DAILY_LIMIT_PER_IP: '2' } });
  });
  afterAll(() => target.close());

  it.each([
    ['X-Forwarded-For', { 'x-forwarded-for': '203.0.113.7' }],
    ['X-Forwarded-For with a chain', { 'x-forwarded-for': '198.51.100.1, 203.0.113.9' }],
    ['X-Real-IP', { 'x-real-ip': '203.0.113.8' }],
    ['Forwarded', { forwarded: 'for=203.0.113.10;proto=https' }],
  ])(
    'a new visitor id past the per-IP limit is refused (429) whatever %s says',
    async (_name, headers) => {
      const http = client(target.url);
      // The loopback address has used its 2 ids by the first case.
      while ((await http.call('createUuid')).status === 200) {
        /* use up the address's ids */
      }
      const before = await target.snapshot();
      const sent = await http.call('createUuid', { headers });
      const after = await target.snapshot();
      tally.record(sent.status, JSON.stringify(before) !== JSON.stringify(after));
      expect(sent.status).toBe(429);
      expect(sent.body).toMatchObject({ status_code: 429, limit: 2, reset_at: expect.any(String) });
      expect(after).toEqual(before);
      expect((await http.send('GET', '/healthz')).status).toBe(200);
    },
  );
});

/** 30 asks sent at once by a visitor with one question left: exactly one is taken. */
async function lastMessageRace(target: Target): Promise<void> {
  const http = client(target.url);
  const visitor = await http.createVisitor();
  const first = await http.ask(visitor, 'How much can my checked baggage weigh?', {
    captcha: 'none',
  });
  await http.ask(visitor, 'Can I take my cat in the cabin?', {
    threadId: first.thread_id,
    captcha: 'none',
  });
  const before = await target.snapshot();
  const sent = await Promise.all(
    Array.from({ length: 30 }, (_, index) =>
      http.call('answer', {
        uuid: visitor,
        json: { question: `Is a stroller free, question ${index}?`, thread_id: first.thread_id },
      }),
    ),
  );
  const after = await target.snapshot();
  const statuses = sent.map((s) => s.status);
  for (const s of statuses) tally.record(s, false);
  expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  expect(statuses.filter((s) => s === 429)).toHaveLength(29);
  for (const refused of sent.filter((s) => s.status === 429))
    expect(refused.body).toMatchObject({ status_code: 429, limit: 3 });
  // Exactly the accepted question and its answer were added.
  const mine = (snap: typeof before) =>
    snap.messages.filter((m) => (m as { thread_id: string }).thread_id === first.thread_id);
  expect(mine(after)).toHaveLength(mine(before).length + 2);
  expect(after.messages).toHaveLength(before.messages.length + 2);
  expect(after.threads).toHaveLength(before.threads.length);
  // The next ask is refused too: the limit holds after the race.
  const again = await http.call('answer', {
    uuid: visitor,
    json: { question: 'One more?', thread_id: first.thread_id },
  });
  expect(again.status).toBe(429);
}

describe('30 parallel asks with one message left', () => {
  const env = { CAPTCHA_PROVIDER: 'none', DAILY_MESSAGE_LIMIT: '3' };

  it('SQLite: exactly one is accepted', async () => {
    const target = await startTarget({ env });
    try {
      await lastMessageRace(target);
    } finally {
      await target.close();
    }
  });

  it('PostgreSQL + Redis: exactly one is accepted, across two instances', async () => {
    const target = await startTarget({ env, postgres: true, redis: true });
    try {
      await lastMessageRace(target);
      // A second instance of the deployment sees the same spent limit.
      const other = await target.another();
      const http = client(other.url);
      const visitor = await http.createVisitor();
      for (let i = 0; i < 3; i++) await http.ask(visitor, `Pets ${i}?`, { captcha: 'none' });
      const refused = await client(target.url).call('answer', {
        uuid: visitor,
        json: { question: 'Pets again?' },
      });
      expect(refused.status).toBe(429);
    } finally {
      await target.close();
    }
  });
});

describe('rotating visitor ids against the per-IP limit', () => {
  let target: Target;
  let fresh: string[];
  beforeAll(async () => {
    target = await startTarget({
      env: { CAPTCHA_PROVIDER: 'none', DAILY_MESSAGE_LIMIT: '3', IP_DAILY_MESSAGE_LIMIT: '4' },
    });
    const http = client(target.url);
    const first = await http.createVisitor();
    for (let i = 0; i < 3; i++) await http.ask(first, `Pets ${i}?`, { captcha: 'none' });
    const second = await http.createVisitor();
    await http.ask(second, 'Strollers?', { captcha: 'none' });
    // The address has asked its 4; these ids have asked nothing (second has 2 left).
    fresh = [second, ...(await Promise.all([1, 2, 3].map(() => http.createVisitor())))];
  });
  afterAll(() => target.close());

  it.each([
    ['a visitor with questions left', 0, {}],
    ['a brand-new visitor', 1, {}],
    ['another brand-new visitor', 2, {}],
    ['a new visitor with a spoofed X-Forwarded-For', 3, { 'x-forwarded-for': '198.51.100.23' }],
  ])('%s from the same address: 429, nothing spent or stored', async (_n, index, headers) => {
    const http = client(target.url);
    const before = await target.snapshot();
    const sent = await http.call('answer', {
      uuid: fresh[index]!,
      headers,
      json: { question: 'Can I bring skis?' },
    });
    const after = await target.snapshot();
    tally.record(sent.status, JSON.stringify(before) !== JSON.stringify(after));
    expect(sent.status).toBe(429);
    expect(sent.body).toMatchObject({ status_code: 429, limit: 4 });
    expect(after).toEqual(before);
    expect((await http.send('GET', '/healthz')).status).toBe(200);
  });
});
