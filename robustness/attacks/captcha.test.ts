import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAltchaCaptcha } from '../../packages/server/src/captcha/altcha.js';
import { createMemoryReplayGuard } from '../../packages/server/src/captcha/replay.js';
import { startFakeSiteverify } from '../../packages/server/src/captcha/test/fake-siteverify.js';
import { solveAltcha, solveLikeTheWidget } from '../../packages/server/src/test/altcha-solver.js';
import type { RawSent } from '../support/raw-http.js';
import { createTally } from '../support/tally.js';
import { ALTCHA_KEY, startTarget, type Target } from '../support/target.js';
import { client, type Client } from '../support/visitors.js';

const tally = createTally('captcha attacks');
afterAll(() => tally.print());

interface Token {
  challenge: { parameters: Record<string, unknown>; signature: string };
  solution: { counter: number; derivedKey: string; time?: number };
}
const decode = (token: string): Token =>
  JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Token;
const encode = (token: Token): string => Buffer.from(JSON.stringify(token)).toString('base64');

/** A challenge made by the deployment's own code with another key or lifetime, solved like the widget does. */
async function solvedWith(options: { hmacKey: string; expiresInMs?: number }): Promise<string> {
  const issuer = createAltchaCaptcha({ ...options, cost: 1, replay: createMemoryReplayGuard() });
  return solveLikeTheWidget(await issuer.createChallenge());
}

/** The request a token guards: an ask, a thread delete or feedback, with `token` as X-CAPTCHA-TOKEN. */
type Guarded = (http: Client, world: World, token: string) => Promise<RawSent>;
interface World {
  target: Target;
  visitor: string;
  thread: string;
  answer: string;
  /** A token already used once for an ask. */
  used: string;
}
const ask: Guarded = (http, w, token) =>
  http.call('answer', {
    uuid: w.visitor,
    captcha: token,
    json: { question: 'Is a stroller free?', thread_id: w.thread },
  });
const remove: Guarded = (http, w, token) =>
  http.call('deleteThread', { params: { id: w.thread }, uuid: w.visitor, captcha: token });
const feedback: Guarded = (http, w, token) =>
  http.call('feedback', {
    uuid: w.visitor,
    captcha: token,
    json: { message_id: w.answer, sentiment: 'negative' },
  });

async function refusedUnchanged(
  target: Target,
  attempt: () => Promise<RawSent>,
  reason: RegExp,
): Promise<void> {
  const before = await target.snapshot();
  const sent = await attempt();
  const after = await target.snapshot();
  tally.record(sent.status, JSON.stringify(before) !== JSON.stringify(after));
  expect(sent.status, sent.text).toBe(403);
  expect(sent.body).toMatchObject({ status_code: 403, detail: expect.stringMatching(reason) });
  expect(after).toEqual(before);
  expect((await client(target.url).send('GET', '/healthz')).status).toBe(200);
}

describe('ALTCHA tokens forged, replayed, expired', () => {
  const world = {} as World;
  let http: Client;

  beforeAll(async () => {
    world.target = await startTarget();
    http = client(world.target.url);
    world.visitor = await http.createVisitor();
    const first = await http.ask(world.visitor, 'How much can my checked baggage weigh?');
    world.thread = first.thread_id;
    world.answer = first.all_messages[1]!.message_id;
    world.used = await solveAltcha(world.target.url);
    await http.ask(world.visitor, 'And my cabin bag?', {
      threadId: world.thread,
      captcha: world.used,
    });
  });
  afterAll(() => world.target.close());

  const forged: Array<[string, () => Promise<string>, RegExp]> = [
    ['garbage', async () => 'abc', /malformed/],
    ['base64 of {}', async () => Buffer.from('{}').toString('base64'), /malformed/],
    ['5,000 characters', async () => 'A'.repeat(5_000), /too long/],
    [
      'a solved token with a forged signature',
      async () => {
        const token = decode(await solveAltcha(world.target.url));
        token.challenge.signature = 'a'.repeat(64);
        return encode(token);
      },
      /signature|wrong|malformed/,
    ],
    [
      'a solved token with its expiry pushed back',
      async () => {
        const token = decode(await solveAltcha(world.target.url));
        token.challenge.parameters['expiresAt'] = Math.ceil(Date.now() / 1000) + 86_400;
        return encode(token);
      },
      /signature|wrong|malformed/,
    ],
    [
      'a challenge with a made-up solution',
      async () => {
        const token = decode(await solveAltcha(world.target.url));
        token.solution.derivedKey = '00'.repeat(32);
        return encode(token);
      },
      /wrong|signature/,
    ],
    [
      "a challenge signed by another deployment's key",
      () => solvedWith({ hmacKey: 'another-deployment-key-0123456789abcdef' }),
      /signature|wrong/,
    ],
    [
      'an expired challenge',
      async () => {
        const token = await solvedWith({ hmacKey: ALTCHA_KEY, expiresInMs: 1 });
        const expiresAt = Number(decode(token).challenge.parameters['expiresAt']) * 1000;
        await sleep(Math.max(0, expiresAt - Date.now()) + 50);
        return token;
      },
      /expired/,
    ],
  ];

  for (const [name, guarded] of [
    ['ask', ask],
    ['delete', remove],
    ['feedback', feedback],
  ] as const) {
    it.each(forged)(`${name} with %s: 403, nothing changed`, async (_n, token, reason) => {
      const value = await token();
      await refusedUnchanged(world.target, () => guarded(http, world, value), reason);
    });
  }

  it.each([
    ['an ask', ask],
    ['a delete (another action)', remove],
    ['feedback (another action)', feedback],
  ] as const)('a used token replayed for %s: 403, nothing changed', async (_n, guarded) => {
    await refusedUnchanged(world.target, () => guarded(http, world, world.used), /already used/);
  });

  it('a token used by 10 asks at once is accepted once', async () => {
    const token = await solveAltcha(world.target.url);
    const sent = await Promise.all(Array.from({ length: 10 }, () => ask(http, world, token)));
    const statuses = sent.map((s) => s.status).sort();
    for (const s of statuses) tally.record(s, false);
    expect(statuses).toEqual([200, ...Array<number>(9).fill(403)]);
  });
});

describe('ALTCHA replay across two instances (PostgreSQL + Redis)', () => {
  it('a token used on one instance is refused on the other, nothing changed', async () => {
    const target = await startTarget({ postgres: true, redis: true });
    try {
      const other = await target.another();
      const one = client(target.url);
      const two = client(other.url);
      const visitor = await one.createVisitor();
      const token = await solveAltcha(target.url);
      const first = await one.ask(visitor, 'How much can my checked baggage weigh?', {
        captcha: token,
      });
      const world = {
        target,
        visitor,
        thread: first.thread_id,
        answer: first.all_messages[1]!.message_id,
        used: token,
      };
      for (const guarded of [ask, remove, feedback])
        await refusedUnchanged(target, () => guarded(two, world, token), /already used/);
      // A fresh token from the first instance is good on the second (same deployment key).
      const fresh = await solveAltcha(target.url);
      expect((await ask(two, world, fresh)).status).toBe(200);
    } finally {
      await target.close();
    }
  });
});

describe('reCAPTCHA tokens for the wrong action or with a low score', () => {
  it.each([
    ['for the login action', { success: true, action: 'login', score: 0.9 }, /action/],
    ['with a bot score', { success: true, action: 'sendMessage', score: 0.1 }, /score/],
    ['that Google rejects', { success: false, 'error-codes': ['timeout-or-duplicate'] }, /./],
  ])('a token %s: 403, nothing changed', async (_n, verdict, reason) => {
    const google = await startFakeSiteverify();
    const target = await startTarget({
      env: {
        CAPTCHA_PROVIDER: 'recaptcha',
        RECAPTCHA_SITE_KEY: 'site-key',
        RECAPTCHA_SECRET: 'secret',
        RECAPTCHA_VERIFY_URL: google.url,
      },
    });
    try {
      const http = client(target.url);
      const visitor = await http.createVisitor();
      google.answer({ json: verdict });
      await refusedUnchanged(
        target,
        () =>
          http.call('answer', {
            uuid: visitor,
            captcha: 'token-from-the-widget',
            json: { question: 'Is a stroller free?' },
          }),
        reason,
      );
    } finally {
      await target.close();
      await google.close();
    }
  });
});
