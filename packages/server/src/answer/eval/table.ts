import type { Language } from '@supersteward/contract';
import type { CaseKind } from './matchers.js';
import type { CaseResult } from './score.js';

export interface TableRow {
  airline: string;
  /** `both` in the totals table. */
  language: Language | 'both';
  set: string;
  /** `required` (by --require-all), `unseen` (never tuned on) or empty. */
  note: string;
  results: CaseResult[];
}

function count(results: CaseResult[], kind?: CaseKind): string {
  const some = kind ? results.filter((r) => r.kind === kind) : results;
  if (some.length === 0) return '–';
  return `${some.filter((r) => r.passed).length}/${some.length}`;
}

function percent(part: number, whole: number): string {
  return whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)} %`;
}

const HEADER = [
  'airline',
  'lang',
  'set',
  'answers',
  'out of scope',
  'small talk',
  'passed',
  '%',
  'reply language',
  '',
];

/**
 * One line per airline × language × set: policy answers, out-of-scope honesty and small talk
 * apart, then all together, and how many replies were in the question's language.
 */
export function formatTable(rows: TableRow[]): string {
  const lines = rows.map((row) => {
    const passed = row.results.filter((r) => r.passed).length;
    const languageRight = row.results.filter((r) => r.languageRight).length;
    return [
      row.airline,
      row.language,
      row.set,
      count(row.results, 'answer'),
      count(row.results, 'out-of-scope'),
      count(row.results, 'small-talk'),
      count(row.results),
      percent(passed, row.results.length),
      percent(languageRight, row.results.length),
      row.note,
    ];
  });
  const all = [HEADER, ...lines];
  const widths = HEADER.map((_, i) => Math.max(...all.map((cells) => cells[i]!.length)));
  // Names left-aligned, figures right-aligned.
  const format = (cells: string[]) =>
    cells
      .map((cell, i) =>
        i < 3 || i === cells.length - 1 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!),
      )
      .join('  ')
      .trimEnd();
  const rule = widths
    .map((w) => '─'.repeat(w))
    .join('  ')
    .trimEnd();
  return [format(HEADER), rule, ...lines.map(format)].join('\n');
}
