import { describe, expect, it } from 'vitest';
import { rowLabel } from './row-label.js';

describe('rowLabel', () => {
  it("reads a row's or an item's name before its colon", () => {
    expect(rowLabel('Light: Zone 1: €40; Zone 2: €55')).toBe('Light');
    expect(rowLabel('Do 1.500 km: Odšteta po putniku: 250 EUR')).toBe('Do 1.500 km');
  });

  it('reads no name where a whole sentence stands before the colon (a quoted claim)', () => {
    expect(
      rowLabel(
        '„Odšteta se dobija već od 2 sata kašnjenja.“ Činjenica: Odšteta počinje od 3 sata.',
      ),
    ).toBeUndefined();
    expect(rowLabel('"Refunds take 3 months." Fact: refunds take 14 days.')).toBeUndefined();
  });
});
