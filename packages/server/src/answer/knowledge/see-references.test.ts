import { describe, expect, it } from 'vitest';
import { buildKnowledgeBase } from './knowledge-index.js';
import { parseKnowledge } from './loader.js';

const file = (id: string, lang: 'en' | 'mne', title: string, body: string) => `---
id: ${id}
lang: ${lang}
title: ${title}
---
# ${title}

${body}
`;

const { articles } = parseKnowledge({
  'en/a-b.md': file(
    'a-b',
    'en',
    'Travel A–Z, A–B',
    '## Animals\n\nSee Pets in the cabin and Assistance dogs.\n\n## Babies\n\nSee Infants.\n\n## Bicycles\n\nSee Sports equipment: bicycles cost EUR 40.',
  ),
  'en/i-p.md': file(
    'i-p',
    'en',
    'Travel A–Z, I–P',
    '## Infants\n\nA baby may fly from 10 days old, on your lap.\n\n## Pets in the cabin\n\nA cat or a small dog flies in the cabin for EUR 40.\n\n## Assistance dogs\n\nAssistance dogs fly free.',
  ),
  'mne/a-b.md': file('a-b', 'mne', 'Putovanje od A do Ž, A–B', '## Bebe\n\nВиди Dojenčad.'),
  'mne/i-p.md': file(
    'i-p',
    'mne',
    'Putovanje od A do Ž, I–P',
    '## Dojenčad\n\nBeba može letjeti od 10 dana starosti, u vašem krilu.',
  ),
});
const section = (lang: string, heading: string) =>
  articles
    .filter((a) => a.language === lang)
    .flatMap((a) => a.sections)
    .find((s) => s.heading === heading);

describe('a section that only points to others ("See Infants.")', () => {
  it('refers to the text of the sections it names, in any article of its language', () => {
    expect(section('en', 'Babies')?.referred).toBe('A baby may fly from 10 days old, on your lap.');
    expect(section('en', 'Animals')?.referred).toBe(
      'A cat or a small dog flies in the cabin for EUR 40.\nAssistance dogs fly free.',
    );
    // In either script of the language.
    expect(section('mne', 'Bebe')?.referred).toContain('10 dana');
  });

  it('keeps a section that says more than the pointer as it is', () => {
    expect(section('en', 'Bicycles')?.referred).toBeUndefined();
    expect(section('en', 'Infants')?.referred).toBeUndefined();
  });

  it('is searched by its own words but answered with the rule it points to', () => {
    const kb = buildKnowledgeBase(articles);
    const babies = kb.indexes.en.passages.get('a-b#babies');
    expect(babies?.text).toBe('A baby may fly from 10 days old, on your lap.');
    expect(babies?.heading).toBe('Babies');
  });
});
