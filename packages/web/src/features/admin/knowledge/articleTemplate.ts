import type { Language } from '@supersteward/contract';

/** Placeholders in the article's own language (not the console's): the author replaces them. */
const PLACEHOLDER: Record<
  Language,
  { title: string; intro: string; heading: string; text: string }
> = {
  mne: {
    title: 'Naslov članka',
    intro: 'Jedna rečenica o čemu je članak.',
    heading: 'Naslov odjeljka s riječima putnika i ključnim podatkom',
    text: 'Odjeljak koji se može pročitati sam za sebe: prva rečenica kaže ključni podatak.',
  },
  en: {
    title: 'Article title',
    intro: 'One sentence on what the article covers.',
    heading: 'Section heading with the passengers’ words and the key figure',
    text: 'A section that reads on its own: the first sentence states the key figure.',
  },
};

/** YAML's double-quoted scalar is JSON's string syntax: any question stays one safe value. */
const yamlString = (value: string) => JSON.stringify(value);

/**
 * A new article's file in one language, in the layout knowledge/README.md describes, with the
 * passenger's question (from a content gap) as its first sample question.
 */
export function articleTemplate(id: string, language: Language, question?: string): string {
  const p = PLACEHOLDER[language];
  const questions = question ? `questions:\n  - ${yamlString(question)}\n` : '';
  return `---\nid: ${id}\nlang: ${language}\ntitle: ${p.title}\ntags: []\n${questions}---\n\n# ${p.title}\n\n${p.intro}\n\n## ${p.heading}\n\n${p.text}\n`;
}

export const ARTICLE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
