import { Parser } from 'htmlparser2';

/*
 * An article body exported from a website's CMS is HTML inside the Markdown file ("<h2>…</h2>
 * <p>…</p>", "<table><tr><td>…"), sometimes beside Markdown an editor added by hand. It is read
 * as the Markdown it stands for, so that its headings are sections and its tables rows like any
 * other article's.
 */

/** A body holding block-level HTML; any other is Markdown, read as it is. */
const BLOCK_TAG = /<(?:h[1-6]|p|ul|ol|li|table|tr|div|section|blockquote)\b[^>]*>/iu;

const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'aside',
  'blockquote',
  'details',
  'figure',
  'figcaption',
]);
const HEADINGS: Record<string, string> = {
  h1: '#',
  h2: '##',
  h3: '###',
  h4: '###',
  h5: '###',
  h6: '###',
};
const SKIPPED = new Set(['script', 'style', 'noscript', 'template']);

/** The Markdown an article body written in HTML stands for; a Markdown body comes back as it is. */
export function fromHtml(body: string): string {
  if (!BLOCK_TAG.test(body)) return body;
  const out: string[] = [];
  let line = '';
  /** Open block elements: outside them, text is the editor's Markdown, lines kept. */
  let depth = 0;
  let skipped = 0;
  const lists: string[] = [];
  let row: string[] | null = null;
  let cell: string | null = null;
  let rows = 0;

  const flush = () => {
    if (line.trim() !== '') out.push(line.trimEnd());
    line = '';
  };
  const paragraph = () => {
    flush();
    if (out.length > 0 && out[out.length - 1] !== '') out.push('');
  };
  const write = (text: string) => {
    if (cell !== null) cell += text;
    else line += text;
  };

  const parser = new Parser(
    {
      onopentag(name) {
        if (SKIPPED.has(name)) skipped++;
        const heading = HEADINGS[name];
        if (heading) {
          paragraph();
          depth++;
          line = `${heading} `;
        } else if (name === 'summary') {
          paragraph();
          depth++;
          line = '### ';
        } else if (BLOCKS.has(name)) {
          paragraph();
          depth++;
          if (name === 'blockquote') line = '> ';
        } else if (name === 'ul' || name === 'ol') {
          if (lists.length === 0) paragraph();
          else flush();
          depth++;
          lists.push(name);
        } else if (name === 'li') {
          flush();
          depth++;
          line = `${'  '.repeat(Math.max(0, lists.length - 1))}${lists.at(-1) === 'ol' ? '1.' : '-'} `;
        } else if (name === 'table') {
          paragraph();
          depth++;
          rows = 0;
        } else if (name === 'tr') {
          row = [];
        } else if (name === 'td' || name === 'th') {
          cell = '';
        } else if (name === 'br') {
          if (cell !== null) cell += ' ';
          else if (depth > 0) flush();
          else line += '<br>';
        } else if (name === 'strong' || name === 'b') {
          write('**');
        } else if (name === 'sup') {
          write('<sup>');
        }
      },
      ontext(text) {
        if (skipped > 0) return;
        if (cell !== null || depth > 0) {
          write(text.replace(/\s+/gu, ' ').replace(/^ /u, line === '' && cell === null ? '' : ' '));
          return;
        }
        // The editor's Markdown between the HTML blocks: its lines as written.
        const [first = '', ...rest] = text.split('\n');
        line += first;
        for (const next of rest) {
          out.push(line.trimEnd());
          line = next;
        }
      },
      onclosetag(name) {
        if (SKIPPED.has(name)) skipped--;
        if (HEADINGS[name] || name === 'summary' || BLOCKS.has(name) || name === 'table') {
          depth = Math.max(0, depth - 1);
          paragraph();
        } else if (name === 'ul' || name === 'ol') {
          depth = Math.max(0, depth - 1);
          lists.pop();
          if (lists.length === 0) paragraph();
        } else if (name === 'li') {
          depth = Math.max(0, depth - 1);
          flush();
        } else if ((name === 'td' || name === 'th') && row && cell !== null) {
          row.push(cell.replace(/\|/gu, '/').trim());
          cell = null;
        } else if (name === 'tr' && row) {
          out.push(`| ${row.join(' | ')} |`);
          // The first row heads the table, as a Markdown table's header row does.
          if (rows === 0) out.push(`|${row.map(() => ' --- ').join('|')}|`);
          rows++;
          row = null;
        } else if (name === 'strong' || name === 'b') {
          write('**');
        } else if (name === 'sup') {
          write('</sup>');
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true },
  );
  parser.write(body);
  parser.end();
  flush();
  return out.join('\n');
}
