import { buildLexicon } from '../lexicon/lexicon.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildKnowledgeBase, groupsByPrefix, type KnowledgeBase } from './knowledge-index.js';
import { loadKnowledge, parseKnowledge } from './loader.js';
import { buildSynonymTable, diminutiveGroups } from './synonyms.js';
import { stemVariants } from './text.js';
import { writeKnowledge } from './test/fixture.js';

let kb: KnowledgeBase;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const written = await writeKnowledge();
  cleanup = written.cleanup;
  kb = buildKnowledgeBase((await loadKnowledge(written.dir)).articles);
});
afterAll(() => cleanup());

const topArticle = (question: string, language: 'mne' | 'en') =>
  kb.search(question, { language })[0]?.articleId;

describe('synonyms', () => {
  it('puts the words of a group under one term in both languages', () => {
    const mne = buildSynonymTable('mne', buildLexicon());
    const group = (word: string) => mne.get(stemVariants(word, 'mne')[0] ?? '')?.[0];
    expect(group('kofer')).toBe('_baggage');
    expect(group('torba')).toBe(group('prtljag'));
    expect(group('ljubimac')).toBe('_pet');
    expect(group('mačka')).toBe(group('pas'));
    expect(group('dijete')).toBe('_minor');
    expect(group('maloljetnik')).toBe(group('pratnja'));
    const en = buildSynonymTable('en', buildLexicon());
    const enGroup = (word: string) => en.get(stemVariants(word, 'en')[0] ?? '')?.[0];
    expect(enGroup('luggage')).toBe(enGroup('suitcase'));
    expect(enGroup('cat')).toBe(enGroup('pet'));
    expect(enGroup('unaccompanied')).toBe(enGroup('UM'));
  });

  it('finds a passage through a synonym the passage does not use', () => {
    // The cabin-baggage articles never say "kofer" or "suitcase".
    expect(topArticle('Koliko kila smije kofer u kabini?', 'mne')).toBe('cabin-baggage');
    expect(topArticle('How heavy can my suitcase be?', 'en')).toBe('cabin-baggage');
    // Nor "ljubimac" in the text of the fee passage.
    expect(kb.search('Koliko košta ljubimac u kabini?', { language: 'mne' })[0]?.id).toBe(
      'pets-cabin#cijena-prevoza-ljubimca-u-kabini-30-eur',
    );
  });
});

describe('unknown inflections', () => {
  it('reads a verb form the stemmer misses as the indexed word it inflects', () => {
    const word = kb
      .analyze('Da li prevozimo mačke?', 'mne')
      .words.find((w) => w.token === 'prevozimo');
    expect(word?.stems).toContain('prevoz');
    expect(word?.known).toBe(true);
  });

  it('leaves words of other topics unknown', () => {
    const [word] = kb.analyze('sarma', 'mne').words;
    expect(word?.known).toBe(false);
    expect(word?.stems).toEqual(['sarm']);
  });
});

describe('search', () => {
  it('finds passages (sections), not whole articles', () => {
    const [best] = kb.search('Koliko košta prevoz mačke?', { language: 'mne' });
    expect(best?.id).toBe('pets-cabin#cijena-prevoza-ljubimca-u-kabini-30-eur');
    expect(best?.text).toBe('Prevoz psa ili mačke u kabini košta 30 EUR po pravcu.');
    expect(best?.articleTitle).toBe('Ljubimci u kabini');
  });

  it('tolerates missing diacritics, inflections and typos', () => {
    expect(topArticle('koliko kosta pracenje djece', 'mne')).toBe('unaccompanied-minors');
    expect(topArticle('rucnog prtljaga dimenzije', 'mne')).toBe('cabin-baggage');
    expect(topArticle('cabin bagage weight', 'en')).toBe('cabin-baggage');
  });

  it('answers from the requested language only', () => {
    const results = kb.search('cabin baggage', { language: 'en' });
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((r) => r.language === 'en')).toBe(true);
  });

  it('returns nothing for questions the knowledge base does not cover', () => {
    expect(kb.search('Ko je osvojio Svjetsko prvenstvo u fudbalu?', { language: 'mne' })).toEqual(
      [],
    );
    expect(kb.search('Write me a poem about the sea', { language: 'en' })).toEqual([]);
    expect(kb.search('asdf qwer zxcv', { language: 'en' })).toEqual([]);
    expect(kb.search('', { language: 'en' })).toEqual([]);
  });

  it('respects the limit', () => {
    expect(kb.search('ručni prtljag', { language: 'mne', limit: 1 })).toHaveLength(1);
  });
});

describe('language detection', () => {
  it('reads the language from the words', () => {
    expect(kb.detectLanguage('Koliko košta prevoz mačke?', 'en')).toBe('mne');
    expect(kb.detectLanguage('koliko kosta pracenje djece', 'en')).toBe('mne');
    expect(kb.detectLanguage('How much is the unaccompanied minor service?', 'mne')).toBe('en');
    expect(kb.detectLanguage('cabin baggage allowance', 'mne')).toBe('en');
  });

  it('counts Montenegrin letters as evidence', () => {
    expect(kb.detectLanguage('prtljažni', 'en')).toBe('mne');
  });

  it('falls back to the interface language when the evidence is even', () => {
    expect(kb.detectLanguage('Flex', 'mne')).toBe('mne');
    expect(kb.detectLanguage('Flex', 'en')).toBe('en');
    expect(kb.detectLanguage('123', 'en')).toBe('en');
  });
});

describe('inflections of listed synonyms', () => {
  it('finds the group of a word the stemmer cuts differently from the listed form', () => {
    const mne = buildSynonymTable('mne', buildLexicon());
    // "papagaj" is listed; the stemmer makes "papaga" of it and "papagaj" of "papagaja".
    expect(groupsByPrefix(mne, stemVariants('papagajem', 'mne')[0] ?? '')).toContain('_pet');
    expect(groupsByPrefix(mne, 'kontrabasom')).toContain('_instrument');
    // Short stems and far-off endings are not taken for a listed word.
    expect(groupsByPrefix(mne, 'pas')).toEqual([]);
    expect(groupsByPrefix(mne, 'kontrabasistkinja')).toEqual([]);
  });
});

describe('diminutives', () => {
  it('reads a diminutive as the word it is made from', () => {
    const mne = buildSynonymTable('mne', buildLexicon());
    const base = (word: string) => diminutiveGroups(mne, stemVariants(word, 'mne')[0] ?? '', 'mne');
    expect(base('psić')?.groups).toContain('_pet');
    expect(base('kučence')?.groups).toContain('_pet');
    expect(base('makazice')?.groups).toContain('_blade');
    expect(base('nožić')?.groups).toContain('_blade');
    expect(base('koferčić')?.groups).toContain('_baggage');
    // Words merely ending like a diminutive are not read as one.
    expect(base('granica')).toBeUndefined();
    expect(base('stanica')).toBeUndefined();
  });
});

describe('names', () => {
  it("reads a capitalised word two headings or the title name as a product, one heading's as a place", () => {
    const loyalty = `---
id: loyalty
lang: en
title: Frequent flyers
---
# Frequent flyers

## Earning Stars

Every flight earns Stars: 5 Stars per EUR 1 spent.

## Spending Stars

1,000 Stars are worth EUR 10 off a ticket.

## Ticket desk at Bar airport

The desk at Bar opens 2 hours before the first departure.
`;
    const small = buildKnowledgeBase(parseKnowledge({ 'en/loyalty.md': loyalty }).articles);
    const word = (question: string, token: string) =>
      small.analyze(question, 'en').words.find((w) => w.token === token);
    expect(word('How much are 1000 stars worth?', 'stars')?.name).toBe(false);
    expect(word('Is there a taxi from Bar?', 'bar')?.name).toBe(true);
  });
});

describe('what an article is about', () => {
  it('holds its title, its headings with the headings they lie under, and its rows’ labels', () => {
    const { articles } = parseKnowledge({
      'en/onboard.md': `---
id: onboard
lang: en
title: Snack time
---
## Treat yourself 🍩

### Our menu

| Item | Price (EUR) |
| --- | --- |
| Sandwich | 5 |
| Hot chocolate with whipped cream and cinnamon biscuits | 7 |

Members collect points for every euro they spend, without taxes: 2 points on every snack.
`,
    });
    const index = buildKnowledgeBase(articles).indexes.en;
    const topic = index.topics.get('onboard');
    // A catalogue's rows may be named at length.
    for (const word of ['snack', 'treat', 'menu', 'sandwich', 'chocolate'])
      expect(
        stemVariants(word, 'en').some((s) => topic?.has(s)),
        word,
      ).toBe(true);
    // Words before a comma and the line's only colon lead into its list: no row's label.
    expect(stemVariants('taxes', 'en').some((s) => topic?.has(s))).toBe(false);
  });
});
