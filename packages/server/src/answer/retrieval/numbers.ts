import { normalizeText } from '../knowledge/text.js';

interface Span {
  low: number;
  high: number;
}

const NUMBER = String.raw`(\d+)`;
const BETWEEN = new RegExp(String.raw`${NUMBER}\s*(?:–|—|-|do|to|and|i)\s*${NUMBER}`, 'gu');
const UP_TO = new RegExp(
  String.raw`(?:do|up to|under|below|less than|at most|within|najviše|najvise|ispod|manje od|mlađ\w* od|mladj\w* od|kraći od|kraci od|before)\s+${NUMBER}`,
  'gu',
);
const FROM = new RegExp(
  String.raw`(?:above|over|more than|from|after|at least|više od|vise od|preko|duž\w* od|duz\w* od|veći od|veci od|stariji od|od|nakon|najmanje)\s+${NUMBER}`,
  'gu',
);

/** Numeric ranges a sentence states ("1500–3500 km", "do 1500 km", "above 3500 km", "under 5"). */
function spans(sentence: string): Span[] {
  const text = normalizeText(sentence);
  const out: Span[] = [];
  for (const m of text.matchAll(BETWEEN)) out.push({ low: Number(m[1]), high: Number(m[2]) });
  for (const m of text.matchAll(UP_TO)) out.push({ low: 0, high: Number(m[1]) });
  for (const m of text.matchAll(FROM)) out.push({ low: Number(m[1]), high: Infinity });
  return out.filter((s) => s.low <= s.high);
}

/**
 * How well a sentence speaks to the numbers of a question: 1 for a number it states, 0.75 for a
 * range that holds it. Years and other numbers the sentence does not touch add nothing.
 */
export function numberFit(sentence: string, questionNumbers: readonly string[]): number {
  if (questionNumbers.length === 0) return 0;
  const stated = new Set(normalizeText(sentence).match(/\d+/g) ?? []);
  const ranges = spans(sentence);
  let fit = 0;
  for (const raw of questionNumbers) {
    const value = Number(raw);
    if (stated.has(raw)) fit += 1;
    else if (ranges.some((r) => value >= r.low && value <= r.high)) fit += 0.75;
  }
  return fit;
}
