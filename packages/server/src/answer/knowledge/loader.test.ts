import { afterEach, describe, expect, it } from 'vitest';
import { KnowledgeError } from './errors.js';
import { loadKnowledge, parseKnowledge } from './loader.js';
import { FIXTURE, writeKnowledge } from './test/fixture.js';

const GOOD = `---
id: contact
lang: mne
title: Kontakt
---
# Kontakt

## Kol centar

Kol centar radi svaki dan.
`;

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.map((c) => c()));
  cleanups = [];
});

async function loadWith(name: string, text: string): Promise<unknown> {
  const { dir, cleanup } = await writeKnowledge({ ...FIXTURE, [name]: text });
  cleanups.push(cleanup);
  return loadKnowledge(dir).then(
    () => null,
    (error: unknown) => error,
  );
}

async function reason(name: string, text: string): Promise<string> {
  const error = await loadWith(name, text);
  expect(error).toBeInstanceOf(KnowledgeError);
  const knowledgeError = error as KnowledgeError;
  expect(knowledgeError.file.endsWith(name)).toBe(true);
  expect(knowledgeError.message.startsWith(knowledgeError.file)).toBe(true);
  return knowledgeError.reason;
}

describe('loading the knowledge folder', () => {
  it('reads every article of both languages', async () => {
    const { dir, cleanup } = await writeKnowledge();
    cleanups.push(cleanup);
    const { articles, warnings } = await loadKnowledge(dir);
    expect(articles).toHaveLength(6);
    expect(warnings).toEqual([]);
    const cabin = articles.find((a) => a.id === 'cabin-baggage' && a.language === 'mne');
    expect(cabin?.title).toBe('Ručni prtljag');
    expect(cabin?.url).toBe('https://example.test/mne/rucni');
    expect(cabin?.intro).toBe('Ručni prtljag nosite sa sobom u kabinu.');
    expect(cabin?.sections.map((s) => s.slug)).toEqual([
      'rucni-prtljag-u-ekonomskoj-klasi-do-8-kg-i-55-40-23-cm',
      'prevelik-rucni-prtljag-na-izlazu-50-eur',
    ]);
  });

  it('warns about an article without its other-language version', async () => {
    const { dir, cleanup } = await writeKnowledge({ ...FIXTURE, 'mne/contact.md': GOOD });
    cleanups.push(cleanup);
    const { warnings } = await loadKnowledge(dir);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/contact\.md: no version of "contact" in the other language/);
  });

  it('accepts a well-formed article', async () => {
    expect(await loadWith('mne/contact.md', GOOD)).toBeNull();
  });
});

describe('a malformed article names the file and the reason', () => {
  it('without front matter', async () => {
    expect(await reason('mne/contact.md', '# Kontakt\n\n## A\n\ntext\n')).toMatch(
      /missing front matter/,
    );
  });

  it('with bad YAML', async () => {
    expect(
      await reason('mne/contact.md', GOOD.replace('title: Kontakt', 'title: [Kontakt')),
    ).toMatch(/invalid front matter/);
  });

  it('with front matter written as code', async () => {
    expect(await reason('mne/contact.md', GOOD.replace(/^---\n/, '---js\n'))).toMatch(
      /invalid front matter/,
    );
  });

  it('without an id', async () => {
    expect(await reason('mne/contact.md', GOOD.replace('id: contact\n', ''))).toBe('missing "id"');
  });

  it('with an invalid id', async () => {
    expect(await reason('mne/contact.md', GOOD.replace('id: contact', 'id: Kontakt Info'))).toMatch(
      /invalid "id" "Kontakt Info"/,
    );
  });

  it('with a language that does not match its folder', async () => {
    expect(await reason('en/contact.md', GOOD)).toBe(
      '"lang" is mne but the file lies in the en folder',
    );
  });

  it('with an unknown language', async () => {
    expect(await reason('mne/contact.md', GOOD.replace('lang: mne', 'lang: sr'))).toMatch(
      /invalid "lang" "sr"/,
    );
  });

  it('without a title', async () => {
    expect(await reason('mne/contact.md', GOOD.replace('title: Kontakt\n', ''))).toBe(
      'missing "title"',
    );
  });

  it('without any text', async () => {
    expect(
      await reason(
        'mne/contact.md',
        GOOD.replace(/## Kol centar\n\nKol centar radi svaki dan.\n/, ''),
      ),
    ).toMatch(/no text/);
  });

  it('with an empty section', async () => {
    expect(await reason('mne/contact.md', `${GOOD}\n## Prazno\n`)).toBe(
      'section "Prazno" is empty',
    );
  });

  it('with tags that are not a list', async () => {
    expect(
      await reason(
        'mne/contact.md',
        GOOD.replace('title: Kontakt', 'title: Kontakt\ntags: kontakt'),
      ),
    ).toBe('"tags" must be a list of strings');
  });

  it('with a bad url or date', async () => {
    expect(
      await reason(
        'mne/contact.md',
        GOOD.replace('title: Kontakt', 'title: Kontakt\nurl: nowhere'),
      ),
    ).toMatch(/"url" must be an http/);
    expect(
      await reason(
        'mne/contact.md',
        GOOD.replace('title: Kontakt', 'title: Kontakt\neffective_from: soon'),
      ),
    ).toMatch(/"effective_from" must be a date/);
  });

  it('with an id used twice in one language', async () => {
    const twin = FIXTURE['mne/pets-cabin.md']!.replace('id: pets-cabin', 'id: cabin-baggage');
    expect(await reason('mne/pets-cabin.md', twin)).toMatch(
      /duplicate id "cabin-baggage" \(also in .*cabin-baggage\.md\)/,
    );
  });

  it('an empty folder', async () => {
    const { dir, cleanup } = await writeKnowledge({});
    cleanups.push(cleanup);
    await expect(loadKnowledge(dir)).rejects.toThrow(/no articles/);
  });
});

describe("the airline's lexicon beside the articles", () => {
  it('is read from each language folder and validated like the articles', async () => {
    const { dir, cleanup } = await writeKnowledge({
      ...FIXTURE,
      'en/_lexicon.yaml':
        'topics: bags and pets\ngroups:\n  lounge: lounge salon\nqualifiers: [lounge]\n',
    });
    cleanups.push(cleanup);
    const loaded = await loadKnowledge(dir);
    expect(loaded.lexicon).toEqual({
      en: { topics: 'bags and pets', groups: { lounge: 'lounge salon' }, qualifiers: ['lounge'] },
    });
    expect(loaded.articles.some((a) => a.file.endsWith('_lexicon.yaml'))).toBe(false);
  });

  it('stops the load with the file and the reason when it is malformed', async () => {
    expect(await reason('mne/_lexicon.yaml', 'groups: [unclosed')).toMatch(/^invalid YAML/);
    expect(await reason('en/_lexicon.yaml', 'synonyms: {a: b}\n')).toMatch(/synonyms|property/i);
    expect(await reason('en/_lexicon.yaml', 'groups:\n  Bad Name: x\n')).toMatch(/groups/);
    expect(await reason('en/_lexicon.yaml', 'groups:\n  lounge: ""\n')).toMatch(/groups\.lounge/);
    expect(await reason('en/_lexicon.yaml', 'qualifiers: [nothing-here]\n')).toBe(
      '"qualifiers": no group named "nothing-here"',
    );
    expect(await reason('en/_lexicon.yaml', 'subjects: [nothing-here]\n')).toBe(
      '"subjects": no group named "nothing-here"',
    );
  });

  it('reads a knowledge base given as files, as a draft kept in a database would be', () => {
    const parsed = parseKnowledge({
      'mne/contact.md': GOOD,
      'en/contact.md': GOOD.replace('lang: mne', 'lang: en'),
      'en/_lexicon.yaml': 'topics: contact\n',
    });
    expect(parsed.articles.map((a) => `${a.language}/${a.id}`)).toEqual([
      'mne/contact',
      'en/contact',
    ]);
    expect(parsed.lexicon.en?.topics).toBe('contact');
    expect(() => parseKnowledge({ 'mne/contact.md': 'no front matter' })).toThrow(KnowledgeError);
  });
});
