import { describe, expect, it } from 'vitest';
import { fold, foldVariants, opensSentence, stemVariants, tokenize } from './text.js';

describe('folding', () => {
  it('drops diacritics and case', () => {
    expect(fold('ČĆŠŽ čćšž')).toBe('ccsz ccsz');
    expect(fold('Ručni')).toBe('rucni');
  });

  it('folds đ to both dj and d', () => {
    expect(foldVariants('Između')).toEqual(['izmedju', 'izmedu']);
  });
});

describe('tokenize', () => {
  it('splits numbers from units and joins thousands separators', () => {
    expect(tokenize('8kg, 55x40x23 i 1.500 km')).toEqual([
      '8',
      'kg',
      '55',
      '40',
      '23',
      '1500',
      'km',
    ]);
    expect(tokenize('1,500 km')).toEqual(['1500', 'km']);
  });

  it('reads Cyrillic as Latin', () => {
    expect(tokenize('Ручни пртљаг')).toEqual(['ručni', 'prtljag']);
  });
});

describe('stemming', () => {
  /** Whether two Montenegrin words meet in a stem. */
  const shared = (a: string, b: string) =>
    stemVariants(a, 'mne').some((s) => stemVariants(b, 'mne').includes(s));

  it('brings Montenegrin inflections to one stem', () => {
    const stems = ['prtljag', 'prtljaga', 'prtljagu'].map((w) => stemVariants(w, 'mne'));
    for (const s of stems) expect(s).toEqual(stems[0]);
  });

  it('stems first, folds after, so words typed without diacritics meet', () => {
    expect(stemVariants('ručnog', 'mne')).toContain(stemVariants('rucnog', 'mne')[0]);
    expect(stemVariants('mačke', 'mne')).toEqual(stemVariants('macke', 'mne'));
  });

  it('leaves whole the words the pack keeps unstemmed: a checked bag is not checking in', () => {
    expect(stemVariants('checked', 'en')).toEqual(['checked']);
    expect(stemVariants('checking', 'en')).toEqual(stemVariants('check', 'en'));
    // A missing bag is lost; a missed flight is another matter.
    expect(stemVariants('missing', 'en')).not.toEqual(stemVariants('missed', 'en'));
    // The way back is no refund.
    expect(stemVariants('povratku', 'mne')).not.toEqual(stemVariants('povrat', 'mne'));
    // A taxi is no airport tax.
    expect(stemVariants('taksi', 'mne')).not.toEqual(stemVariants('takse', 'mne'));
  });

  it('meets the forms of one word the stemmer leaves apart (the pack\'s stem_alike: "ime", "imena")', () => {
    expect(shared('ime', 'imena')).toBe(true);
    expect(shared('imenu', 'ime')).toBe(true);
    expect(shared('ime', 'kofer')).toBe(false);
  });

  it('meets ijekavian and ekavian spellings', () => {
    expect(stemVariants('djeca', 'mne')).toEqual(stemVariants('deca', 'mne'));
  });

  it('meets the fleeting "a" of "višak" and "viška"', () => {
    expect(shared('višak', 'viška')).toBe(true);
    expect(shared('ručak', 'ručka')).toBe(true);
  });

  it('stems English', () => {
    expect(stemVariants('bags', 'en')).toEqual(stemVariants('bag', 'en'));
    expect(stemVariants('booked', 'en')).toEqual(['book']);
  });

  it('keeps numbers as they are', () => {
    expect(stemVariants('158', 'mne')).toEqual(['158']);
  });
});

describe('compounds', () => {
  it('joins two-word names whose parts mean something else alone', () => {
    expect(tokenize('carry-on size?')).toEqual(['carryon', 'size']);
    expect(tokenize('Can I take my guitar on board?')).toContain('onboard');
    expect(tokenize('When does boarding close?')).toContain('boarding');
  });

  it('gives a word two compounds share to the second one', () => {
    expect(tokenize('you may carry on board one bag')).toEqual([
      'you',
      'may',
      'carry',
      'onboard',
      'one',
      'bag',
    ]);
  });

  it('reads "how big" as asking a size and a bag that never came as lost, in both languages', () => {
    expect(tokenize('How big can my trolley be?')).toContain('howbig');
    expect(tokenize('koliko velika smije biti torba')).toContain('kolikovelik');
    expect(tokenize("my bag didn't arrive")).toContain('notarrived');
    expect(tokenize('kofer mi nije stigao')).toContain('nijestigao');
  });
});

describe('stemVariants', () => {
  it('meets a noun in -og with its other cases', () => {
    const buldog = stemVariants('buldog', 'mne');
    expect(stemVariants('buldoga', 'mne').some((s) => buldog.includes(s))).toBe(true);
    expect(stemVariants('buldogu', 'mne').some((s) => buldog.includes(s))).toBe(true);
  });
});

describe('opensSentence', () => {
  it('tells a word that opens a sentence or a line from one inside a sentence', () => {
    const text = 'Fees. Max pays\n  Flex too: on a Max ticket';
    expect(opensSentence(text, text.indexOf('Fees'))).toBe(true);
    expect(opensSentence(text, text.indexOf('Max'))).toBe(true);
    expect(opensSentence(text, text.indexOf('pays'))).toBe(false);
    expect(opensSentence(text, text.indexOf('Flex'))).toBe(true);
    expect(opensSentence(text, text.lastIndexOf('Max'))).toBe(false);
    expect(opensSentence('- Max', 2)).toBe(false);
    expect(opensSentence('- Max', 2, '.-')).toBe(true);
  });

  it('takes a clause number opening a line or a heading for the start of its sentence', () => {
    const text = '### 4.3 How refunds are paid\n12) How to claim, on a 4 How';
    expect(opensSentence(text, text.indexOf('How'))).toBe(true);
    expect(opensSentence(text, text.indexOf('How to'))).toBe(true);
    expect(opensSentence(text, text.lastIndexOf('How'))).toBe(false);
  });
});
