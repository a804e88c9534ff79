import { describe, expect, it } from 'vitest';
import { composeExtractive } from '../ground/compose.js';
import { ground } from '../ground/ground.js';
import { buildKnowledgeBase } from './knowledge-index.js';
import { parseKnowledge } from './loader.js';
import { englishArticle } from './test/fixture.js';

const context = { airlineName: 'Test Air', supportEmail: 'help@airline.test' };
const reply = (kb: ReturnType<typeof buildKnowledgeBase>, question: string) =>
  composeExtractive(ground(kb, { question, history: [], language: 'en' }, 'Test Air'), context)
    .text;

// A newsletter archive: the November issue announced a fee, the March issue corrected it. The
// old issue shares more of a passenger's words ("checked", "desk"), and fits their 27 kg bag.
const { articles } = parseKnowledge({
  'en/letter-november.md': englishArticle(
    'letter-november',
    'Letter, November',
    [
      '## Heavy bag? The overweight fee',
      'A checked bag weighing more than 23 kg and up to 32 kg costs an overweight fee of EUR 40 per bag, paid at the check-in desk.',
      '## Pets in the cabin',
      'A cat or a dog travels in the cabin for EUR 40 per direction, in a carrier of up to 8 kg.',
      '## Changes',
      'Changing a Bura ticket costs EUR 40. Changing a Jugo ticket costs EUR 20.',
    ].join('\n\n'),
  ),
  'en/letter-march.md': englishArticle(
    'letter-march',
    'Letter, March',
    [
      '## Correction: an overweight bag costs EUR 45, not EUR 40',
      'We got it wrong in November, and we apologise: the overweight fee is EUR 45 per bag, and EUR 45 is the fee in force.',
      '## Spring fares',
      'From 1 March the Jugo change fee is EUR 25 instead of EUR 20.',
      '## Worked example: two bags or one?',
      'Adding a second bag online costs EUR 30 instead of EUR 40 at the check-in desk.',
    ].join('\n\n'),
  ),
});
const kb = buildKnowledgeBase(articles);

describe('figures a later text replaced', () => {
  it('are read from corrections, updates and changes, not from worked examples', () => {
    const replaced = kb.indexes.en.replacedFigures.map((r) => [r.old.value, r.old.unit]);
    expect(replaced).toEqual([
      [40, 'money'],
      [20, 'money'],
    ]);
  });

  it('answer with the figure in force, not the one the old text states', () => {
    const text = reply(kb, 'my checked bag came out at 27 kg, what will i pay at the desk?');
    expect(text).toMatch(/EUR 45/);
    expect(text).not.toMatch(/EUR 40/);
    expect(reply(kb, 'how much to change my Jugo ticket?')).toMatch(/EUR 25/);
  });

  it('are named in the trace the staff read', () => {
    const grounding = ground(
      kb,
      {
        question: 'my checked bag came out at 27 kg, what will i pay at the desk?',
        history: [],
        language: 'en',
      },
      'Test Air',
    );
    expect(grounding.trace.notes).toContainEqual(
      expect.stringMatching(
        /^replaced figure in letter-november#heavy-bag.*EUR 40 per bag.* by "Correction: an overweight bag costs EUR 45, not EUR 40"$/,
      ),
    );
  });

  it('leave the same figure of another thing or another product alone', () => {
    // The pet's EUR 40 and the Bura ticket's EUR 40 were never corrected.
    expect(reply(kb, 'how much is it to bring my cat in the cabin?')).toMatch(/EUR 40/);
    expect(reply(kb, 'how much to change my Bura ticket?')).toMatch(/EUR 40/);
  });
});
