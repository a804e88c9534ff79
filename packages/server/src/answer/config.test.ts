import { describe, expect, it } from 'vitest';
import { CALIBRATED, DEFAULT_CONFIG, getPath, withPath } from './config.js';

describe('engine config', () => {
  it('names only numbers that exist, and each calibrated grid holds the current value', () => {
    for (const [path, values] of Object.entries(CALIBRATED))
      expect(values, path).toContain(getPath(DEFAULT_CONFIG, path));
  });

  it('changes one number in a copy, never the defaults', () => {
    const changed = withPath(DEFAULT_CONFIG, 'relevance.minCoverage', 0.99);
    expect(changed.relevance.minCoverage).toBe(0.99);
    expect(DEFAULT_CONFIG.relevance.minCoverage).not.toBe(0.99);
    expect(() => withPath(DEFAULT_CONFIG, 'relevance.nothing', 1)).toThrow(/no number/);
  });
});
