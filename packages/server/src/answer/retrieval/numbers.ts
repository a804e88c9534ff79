import { fold, normalizeText } from '../knowledge/text.js';

/** What a number counts, read from the word after it, so "5 hours" is not held by "up to 1500 km". */
const UNITS: [string, RegExp][] = [
  ['time', /^(h|hours?|hrs?|sat[aei]?|casova|min|minut[ae]?|minutes?)$/],
  ['days', /^(dan[a]?|days?)$/],
  ['weeks', /^(sedmic\w*|nedjelj\w*|nedelj\w*|weeks?)$/],
  ['years', /^(godin\w*|years?|yrs?)$/],
  ['months', /^(mjesec\w*|mesec\w*|months?)$/],
  ['distance', /^(km|kilometar\w*|kilometres?|kilometers?)$/],
  ['weight', /^(kg|kil[aeo]\w*|kilos?|kilograms?)$/],
  ['size', /^(cm|centimet\w*)$/],
  ['money', /^(eur|euro?s?|€)$/],
  ['volume', /^(ml|l|litr\w*|liters?|litres?)$/],
  ['energy', /^(wh)$/],
  ['percent', /^(%|posto|percent)$/],
];

/** Days in each unit of age or time span: "2 mjeseca" is compared with "12 sedmica". */
const DAYS: Record<string, number> = { days: 1, weeks: 7, months: 30.4, years: 365 };

/** A question value in a sentence's unit, when the two units measure the same kind of thing. */
function inUnit(value: number, from: string | null, to: string | null): number | null {
  if (!from || !to || from === to) return value;
  const a = DAYS[from];
  const b = DAYS[to];
  return a && b ? (value * a) / b : null;
}

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
  String.raw`(?:do|up to|under|below|less than|lighter than|smaller than|younger than|at most|within|lakš\p{L}* od|laks\p{L}* od|manj\p{L}* od|najviše|najvise|ispod|manje od|mlađ\p{L}* od|mladj\p{L}* od|kraći od|kraci od)\s+${NUMBER}${UNIT}`,
  'gu',
);
const FROM = new RegExp(
  String.raw`(?:above|over|more than|heavier than|larger than|bigger than|older than|from|after|at least|tež\p{L}* od|tez\p{L}* od|više od|vise od|preko|duž\p{L}* od|duz\p{L}* od|veći od|veci od|stariji od|od|nakon|najmanje)\s+${NUMBER}${UNIT}`,
  'gu',
);
const SINGLE = new RegExp(String.raw`${NUMBER}${UNIT}`, 'gu');

const WEEK_SPAN = /\bweeks? (\d+) (?:to|and|–|-) (?:weeks? )?(\d+)/g;
const WEEK_FIRST = /\bweeks? (\d+)/g;

/** Numbers and ranges a sentence states ("1500–3500 km", "do 1500 km", "above 3500 km", "under 5"). */
function stated(sentence: string): Stated[] {
  const text = normalizeText(sentence)
    // Every number of "40 × 30 × 23 cm" is a length, not only the last one.
    .replace(/(\d+)\s*[×x*]\s*(?=\d)/g, '$1 cm ')
    // English writes the week before its number: "from week 29 to week 36", "the end of week 28".
    .replace(WEEK_SPAN, '$1–$2 weeks')
    .replace(WEEK_FIRST, '$1 weeks')
    .replace(/\b(up to|until) (the )?end of /g, '$1 ');
  const out: Stated[] = [];
  for (const m of text.matchAll(SINGLE))
    out.push({ low: Number(m[1]), high: Number(m[1]), unit: unitOf(m[2]) });
  for (const m of text.matchAll(BETWEEN))
    out.push({ low: Number(m[1]), high: Number(m[2]), unit: unitOf(m[3]) });
  for (const m of text.matchAll(UP_TO))
    out.push({ low: 0, high: Number(m[1]), unit: unitOf(m[2]) });
  for (const m of text.matchAll(FROM))
    out.push({ low: Number(m[1]), high: Infinity, unit: unitOf(m[2]) });
  // "Heavier than 8 kg … at most 45 kg": a lower and an upper bound of one thing make a range.
  const lower = out.filter((f) => f.low > 0 && f.high === Infinity);
  const upper = out.filter((f) => f.low === 0 && f.high < Infinity);
  for (const l of lower)
    for (const u of upper)
      if (l.unit && l.unit === u.unit && l.low < u.high)
        out.push({ low: l.low, high: u.high, unit: l.unit });
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
 * How close a number lies to the bound of an open range, 0..1: "4 years" is the case "under 5"
 * is written for, "2000 km" merely falls under "above 1500 km".
 */
function nearness(value: number, range: Stated): number {
  const bound = range.high === Infinity ? range.low : range.high;
  if (bound <= 0 || value <= 0) return 0;
  return Math.min(value, bound) / Math.max(value, bound);
}

/**
 * How well a sentence speaks to the numbers of a question: 1 for a number it states, 0.9 for a
 * closed range that holds it ("weeks 29–36"), 0.3 to 0.5 for an open one ("up to 1500 km", "from
 * week 33", more the nearer the bound), only when both count the same thing (or either leaves it unsaid).
 */
export function numberFit(
  sentence: string,
  numbers: readonly { value: number; unit: string | null }[],
): number {
  if (numbers.length === 0) return 0;
  const facts = stated(sentence);
  let fit = 0;
  for (const { value: asked, unit } of numbers) {
    const same = facts.flatMap((f) => {
      const value = inUnit(asked, unit, f.unit);
      return value === null ? [] : [{ ...f, value }];
    });
    const holding = same.filter((f) => f.value >= f.low && f.value <= f.high);
    if (holding.some((f) => f.low === f.value && f.high === f.value)) fit += 1;
    else if (holding.some((f) => f.low > 0 && f.high < Infinity)) fit += 0.9;
    else if (holding.length > 0)
      fit += 0.3 + 0.2 * Math.max(...holding.map((f) => nearness(f.value, f)));
    // A limit on the very measure the passenger gives, which the value fails ("a 2-month-old
    // puppy" and "from 12 weeks"): the rule that answers.
    else if (same.some((f) => unit && f.unit && Number.isFinite(f.low + f.high))) fit += 0.3;
  }
  return fit;
}
