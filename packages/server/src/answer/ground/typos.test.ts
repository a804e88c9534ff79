import { describe, expect, it } from 'vitest';
import type { QueryWord } from '../knowledge/knowledge-index.js';
import { matchQuality } from './retrieve.js';
import { isTypoOf, levenshteinWithin } from './typos.js';

const word = (stem: string): QueryWord => ({
  token: stem,
  stems: [stem],
  groups: [],
  idf: 5,
  known: false,
  matched: false,
  name: false,
});

describe('typos', () => {
  it('counts edits, allowing two from 9 letters', () => {
    expect(levenshteinWithin('luggage', 'lugage', 1)).toBe(true);
    expect(levenshteinWithin('luggage', 'lugag', 1)).toBe(false);
    expect(isTypoOf('wheelchair', 'wheelchiar')).toBe(true);
  });

  it('takes a look-alike differing in the first letter for another word', () => {
    expect(isTypoOf('night', 'right')).toBe(false);
    expect(isTypoOf('right', 'rihgt')).toBe(false);
    expect(isTypoOf('refund', 'refnd')).toBe(true);
  });

  it('gives no coverage for a look-alike the search found by its typo allowance', () => {
    const right = word('right');
    expect(matchQuality(right, new Set(['right']), new Set(['night', 'hotel']))).toBe(0);
    const refund = word('refnd');
    expect(matchQuality(refund, new Set(['refnd']), new Set(['refund']))).toBe(0.5);
    expect(matchQuality(word('cancel'), new Set(['cancel']), new Set(['cancellation']))).toBe(0.9);
  });
});
