import { decodeHTML } from 'entities';

/*
 * The text of an article as the engine reads it: Markdown marks and HTML left behind taken off,
 * one line per paragraph, list item or table row.
 */

/**
 * A table cell under its column's header: "Max weight (kg)" over "23" reads "Max weight: 23 kg",
 * the unit beside its figure as a passenger reads it (and as the answer quotes it).
 */
function headed(header: string | undefined, cell: string, rowUnit?: string): string {
  const unit = header === undefined ? undefined : UNIT_LABEL.exec(header);
  const figure = FIGURE.test(cell);
  // A footnote's mark after the unit ("Price (EUR)²") stays with the label.
  const label = unit?.[1] && unit[2] && figure ? `${unit[1]}${unit[3] ?? ''}` : header;
  const value = figure && (unit?.[2] ?? rowUnit) ? `${cell} ${unit?.[2] ?? rowUnit}` : cell;
  return label ? `${label}: ${value}` : value;
}

/**
 * A header or row label naming its unit: "Max weight (kg)", "Price (EUR)²", "Infant on the lap
 * (EUR per flight)".
 */
const UNIT_LABEL =
  /^(.*?)\s*\(([^()\d]{1,8}|(?:[A-Z]{3}|[€$£]|kg|cm|lbs?)\s+(?:po|per|za|a|each)\s+[^()\d]{1,24})\)\s*([¹²³⁴⁵⁶⁷⁸⁹⁰†‡]*)$/u;
/** A bare figure or range of figures in a cell: "23", "2,5", "10–15". */
const FIGURE = /^\d+(?:[.,]\d+)?(?:\s*[–-]\s*\d+(?:[.,]\d+)?)?$/u;

/**
 * A line of a fact sheet: a short label, a colon and a space (or " = "), its value ("Max weight:
 * 10 kg", "Zone A = Belgrade, Vienna").
 */
const KEY_VALUE = /^(?:\*\*)?\p{L}[^:=]{0,48}(?:\*\*)?(?::|\s=)(?:\*\*)?\s+\S/u;

/** A table cell that is a tick or a cross, with a footnote's mark after it ("✓¹", "✗ *"). */
const CHECK_MARK = /^([✓✔✅☑]|[✗✘✖❌])(\s*[¹²³⁴⁵⁶⁷⁸⁹⁰*†‡]*)(?:\s+(\S.*))?$/u;

/**
 * A tick or a cross as the article's language says it ("Cabin bag: Bura: no; Flex: yes"; "✓ no
 * certificate" as "yes, no certificate"): the words a passenger asks with and an answer read
 * aloud has, not symbols.
 */
function spelled(cell: string, yesNo: readonly string[] | undefined): string {
  const mark = yesNo && yesNo.length >= 2 ? CHECK_MARK.exec(cell) : null;
  if (!mark || !yesNo) return cell;
  const word = /[✓✔✅☑]/u.test(mark[1] ?? '') ? yesNo[0] : yesNo[1];
  const rest = mark[3] ? `, ${mark[3]}` : '';
  return `${word}${mark[2]?.trim() ?? ''}${rest}`;
}

/**
 * Markdown inline marks and block prefixes off, tables as "first cell: header: cell; …" lines.
 * `yesNo` gives the language's words for a table's ticks and crosses.
 */
export function toPlainLines(markdown: string, yesNo?: readonly string[]): string[] {
  const lines: string[] = [];
  let tableHeader: string[] | null = null;
  let inFence = false;
  let last: 'blank' | 'paragraph' | 'item' | 'table' = 'blank';
  let previous = '';
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trim();
    const before = previous;
    previous = line;
    if (line.startsWith('```') || line.startsWith('~~~')) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    if (line.startsWith('|')) {
      const cells = line
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((c) => spelled(inline(c.trim()), yesNo));
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
      lines.push(
        `${rowUnit?.[1] ? `${rowUnit[1]}${rowUnit[3] ?? ''}` : first}: ${parts.join('; ')}`,
      );
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
    // A fact sheet's "Key: value" lines are one fact a line though Markdown runs them into one
    // paragraph (a bold label over them already starts a section of its own).
    const ownLine = KEY_VALUE.test(line) && KEY_VALUE.test(before);
    const continues =
      !item && !ownLine && (last === 'paragraph' || (last === 'item' && /^\s/.test(raw)));
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

const SUPERSCRIPT: Record<string, string> = {
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
  '*': '†',
};

/** A footnote's mark as superscript: "12" → "¹²", "*" → "†". */
export function superscript(mark: string): string {
  return [...mark].map((c) => SUPERSCRIPT[c] ?? c).join('');
}

export function inline(text: string): string {
  // HTML a help centre's export leaves behind ("<br>", "&nbsp;", "&euro;") reads as plain text.
  return decodeHTML(
    text
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
      .replace(/(\*\*|__)(.+?)\1/g, '$2')
      .replace(/(?<![\w*])[*_](?!\s)(.+?)(?<!\s)[*_](?![\w*])/g, '$1')
      .replace(/`([^`]+)`/g, '$1')
      .replace(/<br\s*\/?>/gi, ' ')
      // A footnote's mark stays a mark ("EUR 30<sup>1</sup>" is not "EUR 301").
      .replace(/<sup>\s*([0-9]+|\*+)\s*<\/sup>/gi, (_, mark: string) => superscript(mark))
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/\u00a0/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

export function joinLines(lines: string[]): string {
  return lines.join('\n').trim();
}
