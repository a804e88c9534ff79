import { decodeHTML } from 'entities';
import matter from 'gray-matter';
import type { Language } from '@supersteward/contract';
import { languagePack } from '../language/pack.js';
import { KnowledgeError } from './errors.js';

export interface Section {
  heading: string;
  /** Unique within the article. */
  slug: string;
  /** Plain text: Markdown marks removed, one line per paragraph, list item or table row. */
  text: string;
  /** The heading of the "##" section a "###" or bold-led section lies under. */
  parent?: string;
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

/**
 * A table cell under its column's header: "Max weight (kg)" over "23" reads "Max weight: 23 kg",
 * the unit beside its figure as a passenger reads it (and as the answer quotes it).
 */
function headed(header: string | undefined, cell: string, rowUnit?: string): string {
  const unit = header === undefined ? undefined : UNIT_LABEL.exec(header);
  const figure = FIGURE.test(cell);
  const label = unit?.[1] && unit[2] && figure ? unit[1] : header;
  const value = figure && (unit?.[2] ?? rowUnit) ? `${cell} ${unit?.[2] ?? rowUnit}` : cell;
  return label ? `${label}: ${value}` : value;
}

/** A header or row label naming its unit: "Max weight (kg)". */
const UNIT_LABEL = /^(.*?)\s*\(([^()\d]{1,8})\)$/u;
/** A bare figure or range of figures in a cell: "23", "2,5", "10–15". */
const FIGURE = /^\d+(?:[.,]\d+)?(?:\s*[–-]\s*\d+(?:[.,]\d+)?)?$/u;

/** Markdown inline marks and block prefixes off, tables as "first cell: header: cell; …" lines. */
function toPlainLines(markdown: string): string[] {
  const lines: string[] = [];
  let tableHeader: string[] | null = null;
  let inFence = false;
  let last: 'blank' | 'paragraph' | 'item' | 'table' = 'blank';
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('```') || line.startsWith('~~~')) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    if (line.startsWith('|')) {
      const cells = line
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((c) => inline(c.trim()));
      last = 'table';
      if (cells.every((c) => /^:?-{2,}:?$/.test(c) || c === '')) continue;
      if (!tableHeader) {
        tableHeader = cells;
        continue;
      }
      const header = tableHeader;
      const [first = '', ...rest] = cells;
      // A row label may name the unit instead ("Cabin bag (kg)" across the fares' columns).
      const rowUnit = UNIT_LABEL.exec(first);
      const parts = rest.map((cell, i) => headed(header[i + 1], cell, rowUnit?.[2]));
      lines.push(`${rowUnit?.[1] || first}: ${parts.join('; ')}`);
      continue;
    }
    tableHeader = null;
    if (line === '' || /^(-{3,}|\*{3,}|_{3,})$/.test(line)) {
      last = 'blank';
      continue;
    }
    const item = /^(?:[-*+]|\d+[.)])\s+/.test(line);
    const text = inline(
      line
        .replace(/^#{3,6}\s+/, '')
        .replace(/^>\s?/, '')
        .replace(/^(?:[-*+]|\d+[.)])\s+/, ''),
    );
    const continues = !item && (last === 'paragraph' || (last === 'item' && /^\s/.test(raw)));
    // A nested item belongs to the item above it ("Bicycle: EUR 50" → "at most 25 kg").
    const nested = item && last === 'item' && /^\s{2,}/.test(raw);
    if (nested && lines.length > 0) {
      const previous = lines[lines.length - 1] ?? '';
      lines[lines.length - 1] = `${previous}${/[.:;!?]$/u.test(previous) ? '' : ';'} ${text}`;
    } else if (continues && lines.length > 0) {
      const previous = lines[lines.length - 1] ?? '';
      // A word hyphenated across a hard line break ("lug-" / "gage", as a pasted PDF has it) is
      // one word again.
      lines[lines.length - 1] =
        /\p{L}-$/u.test(previous) && /^\p{Ll}/u.test(text)
          ? `${previous.slice(0, -1)}${text}`
          : `${previous} ${text}`;
    } else {
      lines.push(text);
      last = item ? 'item' : 'paragraph';
    }
  }
  return lines.filter((l) => l !== '');
}

function inline(text: string): string {
  // HTML a help centre's export leaves behind ("<br>", "&nbsp;", "&euro;") reads as plain text.
  return decodeHTML(
    text
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
      .replace(/(\*\*|__)(.+?)\1/g, '$2')
      .replace(/(?<![\w*])[*_](?!\s)(.+?)(?<!\s)[*_](?![\w*])/g, '$1')
      .replace(/`([^`]+)`/g, '$1')
      .replace(/<br\s*\/?>/gi, ' ')
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/\u00a0/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

function joinLines(lines: string[]): string {
  return lines.join('\n').trim();
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

/** An HTML accordion's title, as a help centre exports it: "<details><summary>Can I…?</summary>". */
const SUMMARY = /^\s*(?:<details[^>]*>\s*)?<summary[^>]*>(.+?)<\/summary>\s*(.*)$/iu;

/**
 * A heading written as plain text, as a document pasted from a PDF has them: a line in capitals
 * ("CHECKED BAGGAGE", "ARTICLE 4 – BAGGAGE") or a clause number with a short title and no full
 * stop ("4.2 Cabin baggage"). The title, without its number, is the heading.
 */
function textHeading(line: string): RegExpExecArray | null {
  const text = line.trim();
  if (text.length > 80 || text.startsWith('|')) return null;
  if ((text.match(/\p{Lu}/gu)?.length ?? 0) >= 4 && !/\p{Ll}/u.test(text))
    return /^(.+)$/u.exec(text);
  const clause = /^\d+(?:\.\d+)*\.?\s+(\p{Lu}[^.:;!?]{0,60})$/u.exec(text);
  return clause?.[1] && clause[1].split(/\s+/).length <= 8 ? clause : null;
}

/**
 * The lines of an article as Markdown reads them, a document pasted from a PDF made readable: its
 * page footers ("… – page 3", the pack's `page_footer`) left out, and its tables of columns
 * aligned with spaces written as Markdown tables.
 */
function asPastedText(lines: string[], language: Language): string[] {
  const footer = languagePack(language).page_footer;
  const footerPattern = footer ? new RegExp(footer, 'iu') : undefined;
  const kept = lines.filter(
    (line) => !(footerPattern?.test(line.trim()) && line.trim().length <= 100),
  );
  const out: string[] = [];
  for (let i = 0; i < kept.length;) {
    const cells = (line: string | undefined) =>
      line && !line.trim().startsWith('|') ? line.trim().split(/\s{2,}/u) : [];
    const width = cells(kept[i]).length;
    let end = i;
    while (width >= 2 && end < kept.length && cells(kept[end]).length === width) end++;
    if (end - i >= 2) {
      const rows = kept.slice(i, end).map((line) => `| ${cells(line).join(' | ')} |`);
      out.push(rows[0] as string, `|${' --- |'.repeat(width)}`, ...rows.slice(1), '');
      i = end;
    } else {
      out.push(kept[i] as string);
      i++;
    }
  }
  return out;
}

interface RawSection {
  heading: string;
  lines: string[];
  /** Led by a bold phrase rather than a "##" heading. */
  lead?: boolean;
  /** The "##" section a bold-led one lies under. */
  parent?: RawSection;
}

/**
 * A paragraph's bold lead-in ("**Pets in the cabin.** Small dogs…", "**Napomena:** …") or a line
 * that is all bold ("**Cijene**"): the phrase as a heading and the rest of the line. Bold words
 * that merely start a sentence ("**Never** pack…") are no lead-in: one ends with a stop or a colon.
 */
function leadIn(line: string): { heading: string; rest: string } | null {
  const m = /^\s*(\*\*|__)([^*_\n]{2,80}?)\s*([.:!?])?\1\s*([.:])?\s*(.*)$/u.exec(line);
  if (!m?.[2]) return null;
  const rest = m[5] ?? '';
  if (rest && !m[3] && !m[4]) return null;
  return { heading: inline(m[2]).replace(/[.:!?]+$/u, ''), rest };
}

const markers = new Map<string, RegExp>();
/** A line without the language's FAQ marker ("Q:", "A:", "P:", "O:") it starts with. */
function withoutMarker(line: string, kind: 'question' | 'answer', language: Language): string {
  const key = `${language} ${kind}`;
  let pattern = markers.get(key);
  if (!pattern) {
    const words = languagePack(language).qa_markers?.[kind] ?? [];
    pattern = words.length > 0 ? new RegExp(`^(?:${words.join('|')})\\s*[:.)]\\s+`, 'u') : /$^/u;
    markers.set(key, pattern);
  }
  return line.replace(pattern, '');
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
  let inFence = false;
  for (const line of asPastedText(parsed.content.split(/\r?\n/), lang)) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const heading = inFence ? null : /^##\s+(.+?)\s*#*\s*$/.exec(line);
    const sub = inFence
      ? null
      : (/^#{3,6}\s+(.+?)\s*#*\s*$/.exec(line) ?? SUMMARY.exec(line) ?? textHeading(line));
    const lead = inFence
      ? null
      : sub?.[1]
        ? { heading: inline(sub[1]), rest: sub[2] ?? '' }
        : leadIn(line);
    if (heading?.[1]) {
      current = { heading: inline(heading[1]), lines: [] };
      raw.push(current);
    } else if (!inFence && /^#\s+/.test(line)) {
      continue;
    } else if (lead) {
      // A "###" heading, or a paragraph led by a bold phrase ("**Pets in the cabin.** Small
      // dogs…"), is a section of its own, as articles written without many "##" headings use it.
      const parent = current && !current.lead ? current : current?.parent;
      current = {
        heading: withoutMarker(lead.heading, 'question', lang),
        lines: [lead.rest],
        lead: true,
      };
      if (parent) current.parent = parent;
      raw.push(current);
    } else {
      (current ? current.lines : introLines).push(line);
    }
  }
  article.intro = joinLines(toPlainLines(introLines.join('\n')));
  // A short article of a few paragraphs and no heading is one section under its title.
  if (raw.length === 0 && article.intro) {
    raw.push({ heading: title, lines: introLines });
    article.intro = '';
  }
  if (raw.length === 0)
    throw new KnowledgeError(file, 'no text: write each topic part under a "## heading"');
  const slugs = new Set<string>();
  for (const section of raw) {
    const { heading, lines } = section;
    const text = joinLines(
      toPlainLines(lines.join('\n'))
        .map((line) => withoutMarker(line, 'answer', lang))
        .filter(Boolean),
    );
    if (!heading) throw new KnowledgeError(file, 'a "##" heading is empty');
    // A heading whose text is all in the bold-led sections under it only groups them.
    if (!text && (section.lead || raw.some((other) => other.parent === section))) continue;
    if (!text) throw new KnowledgeError(file, `section "${heading}" is empty`);
    let slug = slugify(heading);
    for (let n = 2; slugs.has(slug); n++) slug = `${slugify(heading)}-${n}`;
    slugs.add(slug);
    const parsed: Section = { heading, slug, text };
    if (section.parent) parsed.parent = section.parent.heading;
    article.sections.push(parsed);
  }
  return article;
}
