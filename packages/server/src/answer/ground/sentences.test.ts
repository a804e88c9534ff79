import { describe, expect, it } from 'vitest';
import { splitSentences } from './sentences.js';

describe('sentences', () => {
  it('cuts at sentence ends and line breaks, not after an abbreviation of either language', () => {
    expect(splitSentences('Yes. EUR 30 per direction, max. 23 kg.\nBook e.g. online.')).toEqual([
      'Yes.',
      'EUR 30 per direction, max. 23 kg.',
      'Book e.g. online.',
    ]);
    expect(
      splitSentences('Da. 30 EUR po pravcu, maks. 23 kg. Najkasnije min. 2 sata prije.'),
    ).toEqual(['Da.', '30 EUR po pravcu, maks. 23 kg.', 'Najkasnije min. 2 sata prije.']);
  });
});
