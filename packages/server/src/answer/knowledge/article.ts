import matter from 'gray-matter';
import type { Language } from '@supersteward/contract';
import { languagePack } from '../language/pack.js';
import { KnowledgeError } from './errors.js';
import { inline, joinLines, toPlainLines } from './plain-text.js';
import { fromDocsMarkdown } from './docs-markdown.js';
import { fromHtml } from './html-body.js';
import { SUMMARY, asPastedText, leadIn, textHeading, withoutMarker } from './section-starts.js';
import { splitSentences } from '../ground/sentences.js';

export interface Section {
  heading: string;
  /** Unique within the article. */
  slug: string;
  /** Plain text: Markdown marks removed, one line per paragraph, list item or table row. */
  text: string;
  /** The headings a "###" or bold-led section lies under, outermost first, one a line. */
  parent?: string;
  /** The text of the sections it only points to ("See Infants."), quoted in its place. */
  referred?: string;
}

export interface Article {
  id: string;
  language: Language;
  title: string;
  tags: string[];
  synonyms: string[];
  questions: string[];
  url?: string;
  effectiveFrom?: string;
  /** Path of the file it was read from. */
  file: string;
  intro: string;
  sections: Section[];
}

const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function refuseCode(): never {
  throw new Error('only YAML front matter is accepted');
}

// gray-matter would evaluate `---js` front matter: an article is data, never code.
const MATTER_OPTIONS = {
  engines: { js: refuseCode, javascript: refuseCode, coffee: refuseCode, coffeescript: refuseCode },
};

function stringList(file: string, data: Record<string, unknown>, key: string): string[] {
  const value = data[key];
  if (value === undefined || value === null) return [];
  if (
    !Array.isArray(value) ||
    !value.every((v) => typeof v === 'string' || typeof v === 'number')
  ) {
    throw new KnowledgeError(file, `"${key}" must be a list of strings`);
  }
  return value.map(String);
}

function optionalDate(file: string, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (value instanceof Date && !Number.isNaN(value.getTime()))
    return value.toISOString().slice(0, 10);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  throw new KnowledgeError(file, '"effective_from" must be a date (YYYY-MM-DD)');
}

function optionalUrl(file: string, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' && URL.canParse(value) && /^https?:/.test(value)) return value;
  throw new KnowledgeError(file, '"url" must be an http(s) URL');
}

function slugify(heading: string): string {
  return (
    heading
      .toLowerCase()
      .replace(/đ/g, 'dj')
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'section'
  );
}

interface RawSection {
  heading: string;
  lines: string[];
  /** Led by a bold phrase or a deeper heading rather than a "##" heading. */
  lead?: boolean;
  /** Its heading's level (2 for "##", 3–6 for "###"…), none for a bold lead-in. */
  level?: number;
  /** The section it lies under: the nearest heading of a higher level. */
  parent?: RawSection;
}

/**
 * Whether a text is a short turn that asks: one or two sentences, one a question ("And bikes? I
 * know…"), or a caller's few sentences of their case ending in one ("Good evening. I'm blind,
 * and my guide dog comes everywhere with me. What do I pay for her?").
 */
function asksOnly(text: string): boolean {
  const sentences = splitSentences(text);
  return (
    (text.length <= 160 &&
      sentences.length > 0 &&
      sentences.length <= 2 &&
      sentences.some((sentence) => sentence.trimEnd().endsWith('?'))) ||
    (text.length <= 240 &&
      sentences.length <= 4 &&
      (sentences.at(-1)?.trimEnd().endsWith('?') ?? false))
  );
}

/** The headings a section lies under, outermost first ("Baggage", "Cabin bags" over "Fees"). */
function headingPath(section: RawSection): string[] {
  return section.parent ? [...headingPath(section.parent), section.parent.heading] : [];
}

/** Parses and validates one article; `folderLanguage` is the language folder it lies in. */
export function parseArticle(file: string, source: string, folderLanguage: Language): Article {
  if (!source.replace(/^\uFEFF/, '').startsWith('---')) {
    throw new KnowledgeError(file, 'missing front matter (the file must start with a --- block)');
  }
  let parsed: matter.GrayMatterFile<string>;
  try {
    parsed = matter(source.replace(/^\uFEFF/, ''), MATTER_OPTIONS);
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new KnowledgeError(file, `invalid front matter: ${detail}`);
  }
  const data = parsed.data as Record<string, unknown>;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new KnowledgeError(file, 'invalid front matter: expected key: value pairs');
  }

  const id = data.id;
  if (id === undefined || id === null || id === '') throw new KnowledgeError(file, 'missing "id"');
  if (typeof id !== 'string' || !ID.test(id)) {
    throw new KnowledgeError(
      file,
      `invalid "id" ${JSON.stringify(id)}: use lower-case letters, digits and dashes`,
    );
  }
  const lang = data.lang;
  if (lang !== 'mne' && lang !== 'en') {
    throw new KnowledgeError(
      file,
      `invalid "lang" ${JSON.stringify(lang ?? null)}: expected mne or en`,
    );
  }
  if (lang !== folderLanguage) {
    throw new KnowledgeError(
      file,
      `"lang" is ${lang} but the file lies in the ${folderLanguage} folder`,
    );
  }
  const title =
    typeof data.title === 'string' || typeof data.title === 'number'
      ? String(data.title).trim()
      : '';
  if (!title) throw new KnowledgeError(file, 'missing "title"');

  const article: Article = {
    id,
    language: lang,
    title,
    tags: stringList(file, data, 'tags'),
    synonyms: stringList(file, data, 'synonyms'),
    questions: stringList(file, data, 'questions'),
    file,
    intro: '',
    sections: [],
  };
  const url = optionalUrl(file, data.url);
  if (url) article.url = url;
  const effectiveFrom = optionalDate(file, data.effective_from);
  if (effectiveFrom) article.effectiveFrom = effectiveFrom;

  const introLines: string[] = [];
  let current: RawSection | null = null;
  const raw: RawSection[] = [];
  /** The headings open at this line, outermost first. */
  const open: RawSection[] = [];
  let inFence = false;
  for (const line of asPastedText(
    fromHtml(fromDocsMarkdown(parsed.content)).split(/\r?\n/),
    lang,
  )) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const heading = inFence ? null : /^##\s+(.+?)\s*#*\s*$/.exec(line);
    const deeper = inFence ? null : /^(#{3,6})\s+(.+?)\s*#*\s*$/.exec(line);
    const sub = inFence || deeper ? null : (SUMMARY.exec(line) ?? textHeading(line));
    const lead = inFence
      ? null
      : deeper?.[2]
        ? { heading: inline(deeper[2]), rest: '' }
        : sub?.[1]
          ? { heading: inline(sub[1]), rest: sub[2] ?? '' }
          : leadIn(line);
    if (heading?.[1]) {
      current = { heading: inline(heading[1]), lines: [], level: 2 };
      open.length = 0;
      open.push(current);
      raw.push(current);
    } else if (!inFence && /^#\s+/.test(line)) {
      continue;
    } else if (lead) {
      // A "###" heading, or a paragraph led by a bold phrase ("**Pets in the cabin.** Small
      // dogs…"), is a section of its own, as articles written without many "##" headings use it.
      // A deeper heading lies under the nearest heading of a higher level ("#### Fees" under
      // "### Cabin bags" under "## Baggage"); a bold lead-in under the nearest heading.
      const level = deeper?.[1]?.length;
      if (level) while ((open.at(-1)?.level ?? 0) >= level) open.pop();
      const parent = open.at(-1);
      current = {
        heading: withoutMarker(lead.heading, 'question', lang),
        lines: [lead.rest],
        lead: true,
      };
      if (level) current.level = level;
      if (parent) current.parent = parent;
      if (level) open.push(current);
      raw.push(current);
    } else {
      (current ? current.lines : introLines).push(line);
    }
  }
  article.intro = joinLines(toPlainLines(introLines.join('\n'), languagePack(lang).yes_no_words));
  // A short article of a few paragraphs and no heading is one section under its title; so is an
  // intro of several paragraphs stating figures ("Request it no later than 48h before the
  // flight"), as pages written without a heading for their first part hold rules there. A
  // one-line intro with a figure is a lead or a byline.
  const statingFigures = (lines: readonly string[]) =>
    lines.filter((line) => /\d/u.test(line)).length > 1;
  const introStatesRules =
    statingFigures(article.intro.split('\n')) || statingFigures(introBlocks(introLines));
  if (article.intro && (raw.length === 0 || introStatesRules)) {
    raw.unshift({ heading: title, lines: introLines });
    article.intro = '';
  }
  if (raw.length === 0)
    throw new KnowledgeError(file, 'no text: write each topic part under a "## heading"');
  const texts = raw.map((section) =>
    joinLines(
      toPlainLines(section.lines.join('\n'), languagePack(lang).yes_no_words)
        .map((line) => withoutMarker(line, 'answer', lang))
        .filter(Boolean),
    ),
  );
  const slugs = new Set<string>();
  for (const [i, section] of raw.entries()) {
    const text = texts[i] ?? '';
    // A transcript's or an interview's turn that asks ("**Host:** And when does online check-in
    // open?") is what another speaker's next turn answers: that turn's heading, not the speaker.
    const next = raw[i + 1];
    if (
      next &&
      asksOnly(text) &&
      [section, next].every((s) => s.lead && !s.level && s.parent === section.parent) &&
      next.heading !== section.heading &&
      texts[i + 1] &&
      !asksOnly(texts[i + 1] ?? '')
    )
      next.heading = text;
    const { heading } = section;
    if (!heading) throw new KnowledgeError(file, 'a "##" heading is empty');
    // A heading whose text is all in the bold-led sections under it only groups them.
    if (!text && (section.lead || raw.some((other) => other.parent === section))) continue;
    if (!text) throw new KnowledgeError(file, `section "${heading}" is empty`);
    let slug = slugify(heading);
    for (let n = 2; slugs.has(slug); n++) slug = `${slugify(heading)}-${n}`;
    slugs.add(slug);
    const parsed: Section = { heading, slug, text };
    if (section.parent) parsed.parent = headingPath(section).join('\n');
    article.sections.push(parsed);
  }
  return article;
}

/**
 * An intro's paragraphs as written, an image on its own: an infographic's alt text and the
 * caption under it state two things, though they are read as one paragraph.
 */
function introBlocks(lines: readonly string[]): string[] {
  const blocks: string[] = [];
  let block: string[] = [];
  const close = () => {
    if (block.length > 0) blocks.push(block.join('\n'));
    block = [];
  };
  for (const line of lines) {
    if (!line.trim()) close();
    else if (/^\s*!\[/u.test(line)) {
      close();
      blocks.push(line);
    } else block.push(line);
  }
  close();
  return blocks;
}
