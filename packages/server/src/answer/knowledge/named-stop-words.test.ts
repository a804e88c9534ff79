import { describe, expect, it } from 'vitest';
import { buildKnowledgeBase } from './knowledge-index.js';
import { parseKnowledge } from './loader.js';
import { namedStopWords } from './named-stop-words.js';
import { isStopWord } from './stopwords.js';

const english = (word: string) => isStopWord(word, 'en');

describe('stop words an airline uses as names', () => {
  it('takes a capitalised stop word that heads a column for a name, not "My booking"', () => {
    const texts = [
      'Checked bags: Plus: 1 × 20 kg; Max: 2 × 25 kg',
      'Passengers on a Max ticket board first. Change it in My booking.',
      'My booking: open it with your booking code',
    ];
    expect([...namedStopWords(texts, english)]).toEqual(['max']);
    // Written in lower case anywhere, it is the language's word.
    expect([...namedStopWords([...texts, 'a max of 8 kg'], english)]).toEqual([]);
  });

  it('lets a question name a fare that is a stop word', () => {
    const bags = `---
id: bags
lang: en
title: Bags
---
# Bags

| | Plus | Max |
| --- | --- | --- |
| Checked bags | 1 × 20 kg | 2 × 25 kg |

Passengers on a Max ticket also board first.
`;
    const kb = buildKnowledgeBase(parseKnowledge({ 'en/bags.md': bags }).articles);
    expect(kb.analyze('Flying Max, how many bags?', 'en').words.map((w) => w.token)).toContain(
      'max',
    );
    // In another airline's articles "max" is the language's word.
    const other = buildKnowledgeBase(
      parseKnowledge({ 'en/bags.md': bags.replaceAll('Max', 'Top') }).articles,
    );
    expect(
      other.analyze('Flying Max, how many bags?', 'en').words.map((w) => w.token),
    ).not.toContain('max');
  });
});
