import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nextPodgoricaMidnight } from '../podgorica-day.js';
import type { Quota } from '../quota.js';

export interface QuotaUnderTest {
  quota: Quota;
  /** A second handle on the same counters (another instance), when the adapter has one. */
  other?: Quota;
  cleanup(): Promise<void>;
}

/** The Quota contract, run against every adapter. */
export function describeQuotaSuite(name: string, open: () => Promise<QuotaUnderTest>): void {
  describe(`quota on ${name}`, () => {
    let subject: QuotaUnderTest;
    beforeEach(async () => {
      subject = await open();
    });
    afterEach(async () => {
      await subject.cleanup();
    });

    it('counts up to the limit, then refuses', async () => {
      const key = `user:${randomUUID()}`;
      const now = new Date('2025-06-01T10:00:00Z');
      const results = [];
      for (let i = 0; i < 5; i += 1) results.push(await subject.quota.take(key, 3, now));
      expect(results.map((r) => [r.allowed, r.used, r.limit])).toEqual([
        [true, 1, 3],
        [true, 2, 3],
        [true, 3, 3],
        [false, 3, 3],
        [false, 3, 3],
      ]);
      for (const r of results) expect(r.resetAt).toBe('2025-06-01T22:00:00.000Z');
    });

    it('keeps keys apart', async () => {
      const now = new Date('2025-06-01T10:00:00Z');
      const a = `ip:${randomUUID()}`;
      const b = `ip:${randomUUID()}`;
      expect((await subject.quota.take(a, 1, now)).allowed).toBe(true);
      expect((await subject.quota.take(a, 1, now)).allowed).toBe(false);
      expect((await subject.quota.take(b, 1, now)).allowed).toBe(true);
    });

    it('starts again at midnight in Podgorica', async () => {
      const key = `user:${randomUUID()}`;
      const lateEvening = new Date('2025-01-15T22:59:00Z'); // 23:59 there
      const afterMidnight = new Date('2025-01-15T23:01:00Z'); // 00:01 next day there
      expect((await subject.quota.take(key, 1, lateEvening)).allowed).toBe(true);
      const refused = await subject.quota.take(key, 1, lateEvening);
      expect(refused).toMatchObject({ allowed: false, resetAt: '2025-01-15T23:00:00.000Z' });
      const fresh = await subject.quota.take(key, 1, afterMidnight);
      expect(fresh).toMatchObject({ allowed: true, used: 1 });
      expect(fresh.resetAt).toBe(nextPodgoricaMidnight(afterMidnight).toISOString());
    });

    it('never lets concurrent takes pass the limit', async () => {
      const key = `user:${randomUUID()}`;
      const now = new Date();
      const other = subject.other ?? subject.quota;
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => (i % 2 ? other : subject.quota).take(key, 30, now)),
      );
      const allowed = results.filter((r) => r.allowed);
      expect(allowed).toHaveLength(30);
      expect(allowed.map((r) => r?.used).sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual(
        Array.from({ length: 30 }, (_, i) => i + 1),
      );
      for (const r of results) expect(r?.used).toBeLessThanOrEqual(30);
      expect((await subject.quota.take(key, 30, now)).allowed).toBe(false);
    });

    it('refuses everything under a zero limit', async () => {
      expect(await subject.quota.take(`user:${randomUUID()}`, 0)).toMatchObject({
        allowed: false,
        used: 0,
        limit: 0,
      });
    });

    it('gives a unit back (never below zero) and raises a counter without lowering it', async () => {
      const key = `user:${randomUUID()}`;
      const now = new Date();
      await subject.quota.give(key, now);
      expect(await subject.quota.take(key, 1, now)).toMatchObject({ allowed: true, used: 1 });
      await subject.quota.give(key, now);
      await subject.quota.give(key, now);
      expect(await subject.quota.take(key, 1, now)).toMatchObject({ allowed: true, used: 1 });
      expect(await subject.quota.atLeast(key, 3, now)).toBe(3);
      expect(await subject.quota.atLeast(key, 2, now)).toBe(3);
      expect(await subject.quota.take(key, 4, now)).toMatchObject({ allowed: true, used: 4 });
    });

    it('answers ping', async () => {
      await expect(subject.quota.ping()).resolves.toBeUndefined();
    });
  });
}
