import { fold, normalizeText } from '../knowledge/text.js';

/** What a number counts, read from the word after it, so "5 hours" is not held by "up to 1500 km". */
const UNITS: [string, RegExp][] = [
  ['time', /^(h|hours?|hrs?|sat[aei]?|casova|min|minut[ae]?|minutes?)$/],
  ['days', /^(dan[a]?|days?)$/],
  ['weeks', /^(sedmic\w*|nedjelj\w*|nedelj\w*|weeks?)$/],
  ['age', /^(godin\w*|years?|yrs?|old|mjesec\w*|months?)$/],
  ['distance', /^(km|kilometar\w*|kilometres?|kilometers?)$/],
  ['weight', /^(kg|kil[aeo]\w*|kilos?|kilograms?)$/],
  ['size', /^(cm|centimet\w*)$/],
  ['money', /^(eur|euro?s?|€)$/],
  ['volume', /^(ml|l|litr\w*|liters?|litres?)$/],
  ['energy', /^(wh)$/],
  ['percent', /^(%|posto|percent)$/],
];

function unitOf(word: string | undefined): string | null {
  if (!word) return null;
  const w = fold(word);
  for (const [unit, pattern] of UNITS) if (pattern.test(w)) return unit;
  return null;
}

interface Stated {
  low: number;
  high: number;
  unit: string | null;
}

const NUMBER = String.raw`(\d+)`;
const UNIT = String.raw`\s*\.?\s*(%|€|[\p{L}]+)?`;
const BETWEEN = new RegExp(
  String.raw`${NUMBER}\.?\s*(?:–|—|-|do|to|and|i)\s*${NUMBER}${UNIT}`,
  'gu',
);
const UP_TO = new RegExp(
  String.raw`(?:do|up to|under|below|less than|at most|within|najviše|najvise|ispod|manje od|mlađ\p{L}* od|mladj\p{L}* od|kraći od|kraci od)\s+${NUMBER}${UNIT}`,
  'gu',
);
const FROM = new RegExp(
  String.raw`(?:above|over|more than|from|after|at least|više od|vise od|preko|duž\p{L}* od|duz\p{L}* od|veći od|veci od|stariji od|od|nakon|najmanje)\s+${NUMBER}${UNIT}`,
  'gu',
);
const SINGLE = new RegExp(String.raw`${NUMBER}${UNIT}`, 'gu');

/** Numbers and ranges a sentence states ("1500–3500 km", "do 1500 km", "above 3500 km", "under 5"). */
function stated(sentence: string): Stated[] {
  const text = normalizeText(sentence);
  const out: Stated[] = [];
  for (const m of text.matchAll(SINGLE))
    out.push({ low: Number(m[1]), high: Number(m[1]), unit: unitOf(m[2]) });
  for (const m of text.matchAll(BETWEEN))
    out.push({ low: Number(m[1]), high: Number(m[2]), unit: unitOf(m[3]) });
  for (const m of text.matchAll(UP_TO))
    out.push({ low: 0, high: Number(m[1]), unit: unitOf(m[2]) });
  for (const m of text.matchAll(FROM))
    out.push({ low: Number(m[1]), high: Infinity, unit: unitOf(m[2]) });
  return out.filter((s) => s.low <= s.high);
}

/** The numbers of a question with what they count, when a unit follows them. */
export function questionNumbers(question: string): { value: number; unit: string | null }[] {
  return [...normalizeText(question).matchAll(SINGLE)].map((m) => ({
    value: Number(m[1]),
    unit: unitOf(m[2]),
  }));
}

/**
 * How well a sentence speaks to the numbers of a question: 1 for a number it states, 0.75 for a
 * closed range that holds it ("weeks 29–36"), 0.3 for an open one ("up to 1500 km", "from week
 * 33"), only when both count the same thing (or either leaves it unsaid).
 */
export function numberFit(
  sentence: string,
  numbers: readonly { value: number; unit: string | null }[],
): number {
  if (numbers.length === 0) return 0;
  const facts = stated(sentence);
  let fit = 0;
  for (const { value, unit } of numbers) {
    const same = facts.filter((f) => !unit || !f.unit || f.unit === unit);
    const holding = same.filter((f) => value >= f.low && value <= f.high);
    if (holding.some((f) => f.low === value && f.high === value)) fit += 1;
    else if (holding.some((f) => f.low > 0 && f.high < Infinity)) fit += 0.75;
    else if (holding.length > 0) fit += 0.3;
  }
  return fit;
}
