import type { Language } from '@supersteward/contract';
import { languagePack } from '../language/pack.js';
import { inline } from './plain-text.js';

/*
 * Where a section starts besides a "##" heading, in the ways airlines write their pages: "###"
 * headings, bold lead-ins, FAQ questions, HTML accordions, and the headings of a document pasted
 * from a PDF.
 */

/** An HTML accordion's title, as a help centre exports it: "<details><summary>Can I…?</summary>". */
export const SUMMARY = /^\s*(?:<details[^>]*>\s*)?<summary[^>]*>(.+?)<\/summary>\s*(.*)$/iu;

/**
 * A heading written as plain text, as a document pasted from a PDF has them: a line in capitals
 * ("CHECKED BAGGAGE", "ARTICLE 4 – BAGGAGE") or a clause number with a short title and no full
 * stop ("4.2 Cabin baggage"). The title, without its number, is the heading.
 */
export function textHeading(line: string): RegExpExecArray | null {
  const text = line.trim();
  if (text.startsWith('|')) return null;
  // A heading in capitals that the conversion ran into its paragraph's first line ("REFUNDS Lokva
  // tickets are not refundable…"), not a code or two ("PETC Pet in cabin", "MEDIF Medical…").
  const runIn =
    /^((?:(?:[\p{Lu}\d][\p{Lu}\d&/–-]*|[–—-])\s+){0,6}\p{Lu}[\p{Lu}\d]+)\s+(\p{Lu}\p{Ll}.*)$/u.exec(
      text,
    );
  const words = runIn?.[1]?.split(/\s+/u) ?? [];
  if (runIn && (words.length >= 3 || words.some((w) => /^\p{Lu}{6,}$/u.test(w)))) return runIn;
  if (text.length > 80) return null;
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
export function asPastedText(lines: string[], language: Language): string[] {
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

/**
 * A paragraph's bold lead-in ("**Pets in the cabin.** Small dogs…", "**Napomena:** …") or a line
 * that is all bold ("**Cijene**"): the phrase as a heading and the rest of the line. Bold words
 * that merely start a sentence ("**Never** pack…") are no lead-in: one ends with a stop or a colon.
 */
export function leadIn(line: string): { heading: string; rest: string } | null {
  const m = /^\s*(\*\*|__)(\p{L}|[^*_\n]{2,80}?)\s*([.:!?])?\1\s*([.:])?\s*(.*)$/u.exec(line);
  if (!m?.[2]) return null;
  const rest = m[5] ?? '';
  if (rest && !m[3] && !m[4]) return null;
  return { heading: inline(m[2]).replace(/[.:!?]+$/u, ''), rest };
}

const markers = new Map<string, RegExp>();
/** A line without the language's FAQ marker ("Q:", "A:", "P:", "O:") it starts with. */
export function withoutMarker(
  line: string,
  kind: 'question' | 'answer',
  language: Language,
): string {
  const key = `${language} ${kind}`;
  let pattern = markers.get(key);
  if (!pattern) {
    const words = languagePack(language).qa_markers?.[kind] ?? [];
    pattern = words.length > 0 ? new RegExp(`^(?:${words.join('|')})\\s*[:.)]\\s+`, 'u') : /$^/u;
    markers.set(key, pattern);
  }
  return line.replace(pattern, '');
}
