import { describe, expect, it } from 'vitest';
import { buildKnowledgeBase } from '../knowledge/knowledge-index.js';
import { parseArticle } from '../knowledge/article.js';
import { buildLexicon, parseAirlineLexicon, travelLexicon } from './lexicon.js';

const ARTICLE = `---
id: clubrooms
lang: en
title: Gold clubrooms
---
# Gold clubrooms

## Clubroom access

Passengers with a Gold card may use the clubroom at the departure airport free of charge.
`;

/** An article of one section or more, as `knowledge/<lang>/<id>.md` would hold it. */
const article = (language: 'mne' | 'en', id: string, title: string, body: string) =>
  parseArticle(
    `${language}/${id}.md`,
    `---\nid: ${id}\nlang: ${language}\ntitle: ${title}\n---\n# ${title}\n\n${body}`,
    language,
  );

describe('lexicons', () => {
  it('ships a travel lexicon with groups in both languages', () => {
    const travel = travelLexicon();
    expect(Object.keys(travel.groups).length).toBeGreaterThan(20);
    for (const [name, group] of Object.entries(travel.groups)) {
      expect(group.mne.trim(), name).not.toBe('');
      expect(group.en.trim(), name).not.toBe('');
    }
    for (const name of travel.qualifiers) expect(travel.groups[name], name).toBeDefined();
    for (const name of travel.everywhere ?? []) expect(travel.groups[name], name).toBeDefined();
    for (const name of travel.money ?? []) expect(travel.groups[name], name).toBeDefined();
    for (const name of travel.subjects ?? []) expect(travel.groups[name], name).toBeDefined();
    for (const set of travel.contrasts ?? []) {
      expect(set.length, set.join()).toBeGreaterThan(1);
      for (const name of set) expect(travel.groups[name], name).toBeDefined();
    }
    // A missing bag is lost, not a missed flight.
    expect(travel.groups['noshow']?.en.split(/\s+/)).not.toContain('missing');
    // A narrowing subject is a subject.
    for (const name of travel.narrow_subjects ?? []) expect(travel.subjects, name).toContain(name);
  });

  it("adds the airline's words to the travel groups and its own groups beside them", () => {
    const lexicon = buildLexicon({
      en: {
        groups: { pet: 'axolotl', clubroom: ['clubroom', 'salon'] },
        qualifiers: ['clubroom'],
        subjects: ['clubroom'],
        topics: 'clubrooms',
        other_airlines: ['Skyline'],
      },
    });
    expect(lexicon.groups.en.get('pet')).toContain('axolotl');
    expect(lexicon.groups.en.get('pet')).toContain('dog');
    expect(lexicon.groups.mne.get('pet')).not.toContain('axolotl');
    expect(lexicon.groups.en.get('clubroom')).toEqual(['clubroom', 'salon']);
    expect(lexicon.qualifiers.has('clubroom')).toBe(true);
    expect(lexicon.subjects.has('clubroom')).toBe(true);
    expect(lexicon.subjects.has('pet')).toBe(true);
    expect(lexicon.otherAirlines.has('skyline')).toBe(true);
    expect(lexicon.topics).toEqual({ en: 'clubrooms' });
  });

  it("finds an article by a word only the airline's lexicon knows", () => {
    const articles = [parseArticle('en/clubrooms.md', ARTICLE, 'en')];
    const without = buildKnowledgeBase(articles);
    const withLexicon = buildKnowledgeBase(articles, {
      lexicon: {
        en: parseAirlineLexicon('en/_lexicon.yaml', 'groups:\n  clubroom: clubroom salon\n'),
      },
    });
    const question = 'Can I use the salon with a Gold card?';
    const salon = (kb: typeof without) =>
      kb.analyze(question, 'en').words.find((w) => w.token === 'salon');
    expect(salon(without)?.matched).toBe(false);
    expect(salon(withLexicon)?.matched).toBe(true);
    expect(withLexicon.search(question, { language: 'en' })[0]?.articleId).toBe('clubrooms');
  });

  it('reads the short forms of the days in opening hours as days of the week', () => {
    const contact = article(
      'mne',
      'contact',
      'Kontakt',
      `## Kol centar

Pon–pet 08:00–20:00, sub–ned 09:00–16:00.
`,
    );
    const bags = article(
      'mne',
      'bags',
      'Prtljag',
      `## Ručni prtljag

Ručni prtljag smije imati do 8 kg.

## Predati prtljag

Predati kofer smije imati do 23 kg.
`,
    );
    const kb = buildKnowledgeBase([contact, bags]);
    const weekend = kb.analyze('Do kad radi vaš kol centar vikendom?', 'mne');
    expect(weekend.words.find((w) => w.token === 'vikendom')?.matched).toBe(true);
    expect(weekend.relevant).toBe(true);
  });

  it('takes a desk and a counter at the airport for one thing', () => {
    const airport = article(
      'en',
      'airport',
      'At the airport',
      `## Airport check-in counters: open 2 hours, close 40 minutes before departure

Check-in counters open 2 hours before departure and close 40 minutes before departure.

## The boarding gate closes 20 minutes before departure

The boarding gate closes 20 minutes before departure.
`,
    );
    const kb = buildKnowledgeBase([airport]);
    const desk = kb.analyze('When does the check in desk close?', 'en');
    expect(desk.words.find((w) => w.token === 'desk')?.matched).toBe(true);
    expect(desk.results[0]?.heading).toMatch(/^Airport check-in counters/);
  });
});
