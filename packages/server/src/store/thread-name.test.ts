import { describe, expect, it } from 'vitest';
import { threadName } from './thread-name.js';

describe('threadName', () => {
  it('keeps a short question whole, on one line', () => {
    expect(threadName('  Koliko košta\nprtljag?  ')).toBe('Koliko košta prtljag?');
  });

  it('keeps a question of exactly 80 characters', () => {
    const q = 'a'.repeat(80);
    expect(threadName(q)).toBe(q);
  });

  it('cuts a long question on a word boundary, within 80 characters', () => {
    const q =
      'Putujem sa djetetom od pet godina i psom od sedam kilograma, da li mogu oboje u kabinu i koliko to kosta?';
    const name = threadName(q);
    expect(Array.from(name).length).toBeLessThanOrEqual(80);
    expect(name).toBe(
      'Putujem sa djetetom od pet godina i psom od sedam kilograma, da li mogu oboje u…',
    );
    expect(q.startsWith(name.slice(0, -1))).toBe(true);
  });

  it('cuts on a boundary right after the 79th character', () => {
    const q = `${'word '.repeat(15)}abcd efgh`; // 75 + 4 = 79 chars, then a space
    expect(threadName(q)).toBe(`${'word '.repeat(15)}abcd…`);
  });

  it('drops trailing punctuation before the ellipsis', () => {
    const q = `${'x'.repeat(70)}, and ${'y'.repeat(20)}`;
    expect(threadName(q)).toBe(`${'x'.repeat(70)}, and…`);
    const q2 = `${'x'.repeat(75)}, ${'y'.repeat(20)}`;
    expect(threadName(q2)).toBe(`${'x'.repeat(75)}…`);
  });

  it('cuts a single overlong word inside it', () => {
    expect(threadName('z'.repeat(200))).toBe(`${'z'.repeat(79)}…`);
  });

  it('counts characters, not UTF-16 units', () => {
    const q = `${'✈️'.repeat(10)} ${'ž'.repeat(100)}`;
    const name = threadName(q);
    expect(Array.from(name).length).toBeLessThanOrEqual(80);
    expect(name).toBe(`${'✈️'.repeat(10)}…`);
  });
});
