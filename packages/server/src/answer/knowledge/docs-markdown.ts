import { superscript } from './plain-text.js';

/*
 * An airline's help pages kept in a documentation generator (MkDocs Material, Docusaurus, GitHub)
 * write Markdown's extensions: admonitions, collapsible questions, content tabs, definition lists,
 * footnotes, abbreviations, attribute lists. They are read as the plain Markdown they stand for,
 * so that a fact in a note, a tab or a footnote is found with the rule it belongs to.
 */

/** `!!! note "Good to know"`, `??? question "Can I…?"`, `???+ tip`: MkDocs admonitions. */
const ADMONITION = /^(\s*)(!!!|\?\?\?\+?)\s+[\w-]+(?:\s+[\w-]+)*?(?:\s+"([^"]*)")?\s*$/u;
/** `:::tip Title`, `:::note[Title]`, `:::` (Docusaurus), with any number of colons. */
const FENCED_NOTE = /^\s*:{3,}\s*(?:[\w-]+)?\s*(?:\[([^\]]*)\]|(.*))?$/u;
/** `> [!NOTE]`: a GitHub alert's kind, the rest of the quote being its text. */
const ALERT = /^\s*>\s*\[!\w+\]\s*$/u;
/** `=== "Economy"`: a content tab's label. */
const TAB = /^(\s*)===\+?\s+"([^"]+)"\s*$/u;
/** `:   the definition`, under the term it defines. */
const DEFINITION = /^\s*:\s{1,4}(\S.*)$/u;
/** `*[PRM]: Passenger with reduced mobility`. */
const ABBREVIATION = /^\s*\*\[([^\]]+)\]:\s*(.+)$/u;
/** `[^1]: Only on flights within the Balkans.` */
const FOOTNOTE = /^\s*\[\^([^\]]+)\]:\s*(.*)$/u;
/** `{#cabin}`, `{ .md-button }`: attribute lists. */
const ATTRIBUTES = /\s*\{\s*[#.][^{}]*\}/gu;

/** Whether the body uses any of the extensions: most articles come back untouched. */
const ANY = /^\s*(?:!!!|\?\?\?|:::|===|:\s|\*\[|\[\^)|\[\^[^\]]+\]|<!--|\{\s*[#.]/mu;

/** The plain Markdown a body written with a documentation generator's extensions stands for. */
export function fromDocsMarkdown(body: string): string {
  if (!ANY.test(body)) return body;
  const lines = body.replace(/<!--[\s\S]*?-->/gu, '').split(/\r?\n/u);
  // Footnotes: numbered in the order they are defined, each note placed after the block that
  // first refers to it (a table, a paragraph), where a note under a table is read.
  const notes = new Map<string, { n: number; text: string }>();
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const note = FOOTNOTE.exec(lines[i] ?? '');
    if (!note?.[1]) {
      kept.push(lines[i] ?? '');
      continue;
    }
    let text = note[2] ?? '';
    while (i + 1 < lines.length && /^\s{2,}\S/u.test(lines[i + 1] ?? ''))
      text = `${text} ${(lines[++i] ?? '').trim()}`;
    notes.set(note[1], { n: notes.size + 1, text: text.trim() });
  }
  const out: string[] = [];
  const pending: string[] = [];
  const placed = new Set<string>();
  const flush = () => {
    if (pending.length === 0) return;
    out.push('', ...pending.splice(0).flatMap((note) => [note, '']));
  };
  /** A note's title, to lead the first line of its text. */
  let title: string | undefined;
  /** Lines indented under a note or a tab are its text, one level less. */
  let nested = false;
  for (let i = 0; i < kept.length; i++) {
    let line = (kept[i] ?? '').replace(ATTRIBUTES, '');
    if (line.trim() === '' || /^#{1,6}\s/u.test(line)) flush();
    if (nested && line.trim() !== '') {
      if (/^(?: {4}|\t)/u.test(line)) line = line.replace(/^(?: {4}|\t)/u, '');
      else nested = false;
    }
    line = line.replace(/\[\^([^\]]+)\]/gu, (_, label: string) => {
      const note = notes.get(label);
      if (!note) return '';
      if (!placed.has(label)) {
        placed.add(label);
        pending.push(`${superscript(String(note.n))} ${note.text}`);
      }
      return superscript(String(note.n));
    });
    const admonition = ADMONITION.exec(line);
    if (admonition) {
      // A collapsible block titled with a question is a FAQ's question: a section of its own. A
      // note's title leads its text, in the section it stands in; a bare kind says nothing.
      const named = admonition[3]?.trim();
      nested = true;
      if (named && admonition[2]?.startsWith('?')) out.push('', `**${named}**`);
      else title = named || undefined;
      continue;
    }
    const fenced = line.trim().startsWith(':::') ? FENCED_NOTE.exec(line) : null;
    if (fenced) {
      title = (fenced[1] ?? fenced[2] ?? '').trim() || undefined;
      continue;
    }
    if (ALERT.test(line)) continue;
    const tab = TAB.exec(line);
    if (tab?.[2]) {
      // Each tab (a fare, a region, an age) is a section of its own under the heading above.
      nested = true;
      out.push('', `**${tab[2].trim()}**`);
      continue;
    }
    const abbreviation = ABBREVIATION.exec(line);
    if (abbreviation) {
      out.push(`- ${abbreviation[1]} – ${abbreviation[2]}`);
      continue;
    }
    const definition = DEFINITION.exec(line);
    if (definition?.[1]) {
      // The term is the nearest line above with text; a second definition adds to the first.
      let j = out.length - 1;
      while (j >= 0 && out[j]?.trim() === '') j--;
      const term = out[j];
      if (term !== undefined) {
        out.length = j + 1;
        out[j] = term.includes(': ')
          ? `${term}; ${definition[1]}`
          : `${term.trimEnd().replace(/:$/u, '')}: ${definition[1]}`;
        continue;
      }
    }
    if (title && line.trim() !== '') {
      const text = /^(\s*(?:>\s*)?(?:[-*+]|\d+[.)])?\s*)(.*)$/u.exec(line);
      line = `${text?.[1] ?? ''}${title}: ${text?.[2] ?? line}`;
      title = undefined;
    }
    out.push(line);
  }
  flush();
  return out.join('\n');
}
