import { describe, expect, it } from 'vitest';
import { findAbbreviations, isDefinitionList } from './abbreviations.js';
import { buildKnowledgeBase } from './knowledge-index.js';
import { parseKnowledge } from './loader.js';
import { isStopWord } from './stopwords.js';

const english = (word: string) => isStopWord(word, 'en');

/** An English glossary article of these lines. */
function glossaryOf(body: string): string {
  return `---\nid: glossary\nlang: en\ntitle: Glossary\n---\n# Glossary\n\n${body}`;
}

describe('codes an airline defines', () => {
  it('reads a glossary line as a code and the words that define it', () => {
    const found = findAbbreviations(
      [
        [
          '- STD – scheduled departure time, local time of the departure airport.',
          '- **PIR**: property irregularity report',
          'MCT = minimum connecting time',
          'BURA: Change fee: EUR 49; Name change: not possible',
          'SPEQ – see the sports article',
          'T48 – 48 hours before STD',
        ].join('\n'),
      ],
      english,
    );
    expect([...found]).toEqual([
      ['std', 'scheduled departure time'],
      ['pir', 'property irregularity report'],
      ['mct', 'minimum connecting time'],
    ]);
  });

  it('takes the fullest definition, its bracketed asides left out', () => {
    const found = findAbbreviations(
      [
        'BAG = predati, čekirani prtljag (ide u prtljažnik).',
        '- BAG – predati (čekirani) prtljag, ide u prtljažnik.',
      ],
      (word) => isStopWord(word, 'mne'),
    );
    expect(found.get('bag')).toBe('predati prtljag');
  });

  it('expands codes defined by each other once, without looping', () => {
    const glossary = glossaryOf(`- STD – SDT departure.
- SDT – STD departure.
`);
    const kb = buildKnowledgeBase(parseKnowledge({ 'en/glossary.md': glossary }).articles);
    const terms = kb.termsOf('Gate closes STD -15 min', 'en');
    expect(terms.has('std')).toBe(true);
    expect(terms.has('departur')).toBe(true);
  });

  it('leaves alone a code the articles also write as a word in lower case', () => {
    const found = findAbbreviations(
      ['BAG – checked baggage (hold).\nYour bag goes in the hold.'],
      english,
    );
    expect(found.has('bag')).toBe(false);
  });

  it('finds a section written in codes for a question asked in words', () => {
    const glossary = `---
id: glossary
lang: en
title: Glossary of codes
---
# Glossary of codes

- STD – scheduled departure time.
- PETC – pet in the cabin.
`;
    const boarding = `---
id: boarding
lang: en
title: Boarding
---
# Boarding

## Gate

Boarding starts STD -35 min. Gate closes STD -15 min.

## Animals

PETC: 8 kg with the carrier, EUR 35.
`;
    const kb = buildKnowledgeBase(
      parseKnowledge({ 'en/glossary.md': glossary, 'en/boarding.md': boarding }).articles,
    );
    const gate = kb.analyze('when does the gate close before departure?', 'en');
    expect(gate.results[0]?.id).toBe('boarding#gate');
    const terms = kb.termsOf('Gate closes STD -15 min.', 'en');
    expect(terms.has('departur')).toBe(true);
  });
});

describe('glossary sections', () => {
  it('are lines of a short term and what it means, not a few coded lines among sentences', () => {
    const glossary = [
      '- Vrba – lowest fare, underseat item only',
      '- XL seat – extra legroom seat, row 1 & exit rows',
      "- INF – infant, baby under 2 y on an adult's lap",
      '- trolley – cabin bag, wheeled carry-on for the overhead bin',
    ].join('\n');
    expect(isDefinitionList(glossary)).toBe(true);
    const rule = [
      'We use the international codes for passengers who need a wheelchair:',
      '- WCHR – can walk and climb the stairs, but needs a wheelchair in the terminal.',
      '- WCHS – can walk short distances but cannot manage the stairs.',
      '- WCHC – cannot walk and needs help all the way to the seat.',
    ].join('\n');
    expect(isDefinitionList(rule)).toBe(false);
    expect(isDefinitionList('- Vrba: EUR 45\n- Jasen: EUR 25\n- Hrast: EUR 0\n- XL: EUR 14')).toBe(
      false,
    );
  });

  it("give way to the rule that uses their terms, though they hold the question's words", () => {
    const glossary = glossaryOf(`## Animals and bags

- PETC – pet in the cabin, a small dog or cat in a soft bag
- AVIH – animal in the hold, in a rigid crate
- PC – piece, one bag
- XBAG – extra bag bought on top of the fare
`);
    const pets = `---
id: pets
lang: en
title: Animals
---
# Animals

## PETC

- max 8 kg incl. bag; bag 40 × 30 × 20 cm
- EUR 35 per sector

## AVIH

- crate + animal max 45 kg; EUR 60 per sector
`;
    const kb = buildKnowledgeBase(
      parseKnowledge({ 'en/glossary.md': glossary, 'en/pets.md': pets }).articles,
    );
    const found = kb.analyze('can my small dog come in the cabin in a soft bag?', 'en').results;
    expect(found[0]?.id).toBe('pets#petc');
  });
});
