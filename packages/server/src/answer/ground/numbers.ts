import { oncePerText } from '../knowledge/per-text.js';
import { fold, normalizeText } from '../knowledge/text.js';
import { allPacks, UNIT_KINDS, type UnitKind } from '../language/pack.js';

/**
 * What a number counts, read from the word after it with the language packs' unit words, so
 * "5 hours" is not held by "up to 1500 km".
 */
let units: [UnitKind, RegExp][] | undefined;
function unitPatterns(): [UnitKind, RegExp][] {
  units ??= UNIT_KINDS.map((kind) => {
    const words = allPacks().flatMap((p) => p.units[kind]);
    return [kind, new RegExp(`^(${words.join('|')})$`, 'u')] as [UnitKind, RegExp];
  }).filter(([, pattern]) => pattern.source !== '^()$');
  return units;
}

/**
 * A number that counts things rather than measuring them ("2 bags", "two pets"; not "8 kg",
 * "48 hours" or "12 weeks"): a number or a numeral of a pack not followed by a unit word.
 */
export function countPattern(): RegExp {
  const packs = allPacks();
  const numerals = packs.flatMap((p) => Object.keys(p.numerals)).map(fold);
  const unitWords = packs.flatMap((p) => UNIT_KINDS.flatMap((kind) => p.units[kind]));
  return new RegExp(
    String.raw`\b(\d+|${numerals.join('|')})\b(?!\s*([×x*]|(${unitWords.join('|')})(?![\p{L}])))`,
    'u',
  );
}

/** Days in each unit of age or time span: "2 mjeseca" is compared with "12 sedmica". */
const DAYS: Record<string, number> = { days: 1, weeks: 7, months: 30.4, years: 365 };

/** A question value in a sentence's unit, when the two units measure the same kind of thing. */
function inUnit(value: number, from: string | null, to: string | null): number | null {
  // A date is compared with dates only: a day of the year is no count.
  if ((from === 'date' || to === 'date') && from !== to) return null;
  if (!from || !to || from === to) return value;
  const a = DAYS[from];
  const b = DAYS[to];
  return a && b ? (value * a) / b : null;
}

/**
 * Whether a word is a unit of a short span ("mjeseca", "days", "weeks"), which a count may lead;
 * years are how a child's age is named, as articles name their age bands.
 */
export function isSpanUnit(word: string): boolean {
  const unit = unitOf(word);
  return unit === 'days' || unit === 'weeks' || unit === 'months';
}

function unitOf(word: string | undefined): string | null {
  if (!word) return null;
  if (word === DAY_OF_YEAR) return 'date';
  const w = fold(word);
  for (const [unit, pattern] of unitPatterns()) if (pattern.test(w)) return unit;
  return null;
}

interface Stated {
  low: number;
  high: number;
  unit: string | null;
}

interface NumberWords {
  values: Map<string, number>;
  run: RegExp;
}
let numberWords: NumberWords | undefined;

/** The packs' numbers in words, and a run of them before a word ("twenty-three kilos"). */
function numberWordsOf(): NumberWords {
  if (numberWords) return numberWords;
  const values = new Map<string, number>();
  for (const pack of allPacks())
    for (const [word, value] of Object.entries(pack.number_words ?? {})) {
      values.set(word.toLowerCase(), value);
      values.set(fold(word.toLowerCase()), value);
    }
  const words = [...values.keys()].sort((a, b) => b.length - a.length).join('|');
  numberWords = {
    values,
    run: new RegExp(
      String.raw`(?<![\p{L}\p{N}])((?:${words})(?:(?:-|\s+(?:and\s+|i\s+)?)(?:${words}))*)(\s+)(\p{L}+)`,
      'gu',
    ),
  };
  return numberWords;
}

/**
 * A lower-case text with the numbers it writes in words before a unit as figures ("twenty-three
 * kilos" → "23 kilos", "dva sata" → "2 sata"), as prose writes them and passengers do; a number
 * word before anything else ("pet carrier", "two of them") stays a word.
 */
export const withDigits = oncePerText((text: string): string => {
  const { values, run } = numberWordsOf();
  return text.replace(run, (whole, words: string, space: string, next: string) => {
    if (unitOf(next) === null) return whole;
    let value = 0;
    for (const word of words.split(/-|\s+/u)) {
      const n = values.get(word);
      if (n === undefined) continue;
      value = n === 100 ? (value || 1) * 100 : value + n;
    }
    return `${value}${space}${next}`;
  });
});

/** A figure as a text states it: a number and what it counts ("EUR 50" is 50 of money). */
export interface Figure {
  value: number;
  unit: string | null;
}

/** A figure written with its currency before or after it, or its unit word after it. */
export const FIGURE = String.raw`(?:(?:€|eur)\s?)?\d+(?:[.,]\d+)?(?:\s?(?:%|€|\p{L}+))?`;

/** The figure a text matched by `FIGURE` states. */
export function figureOf(text: string): Figure {
  const value = Number(/\d+(?:[.,]\d+)?/u.exec(text)?.[0].replace(',', '.') ?? NaN);
  if (/€|\beur/iu.test(text)) return { value, unit: 'money' };
  return { value, unit: unitOf(/(%|\p{L}+)$/u.exec(text.trim())?.[1]) };
}

/** Every figure a text states, in order. */
export const figuresOf = oncePerText((text: string): Figure[] =>
  [...text.matchAll(new RegExp(FIGURE, 'giu'))].map((m) => figureOf(m[0])),
);

export function sameFigure(a: Figure, b: Figure): boolean {
  return a.value === b.value && a.unit === b.unit;
}

/** Units of what a thing measures (not a span of time or an age). */
const MEASURES = new Set(['weight', 'size', 'volume', 'energy']);
// A decimal of one digit ("4.5 hours", "23,1 kg"), not a date's day and month ("15.6.",
// "15.6.2026").
const NUMBER = String.raw`(\d+(?:[.,]\d(?![.,]?\d|\.))?)`;
/** A number as NUMBER reads it, with a decimal comma or point. */
const numberOf = (written: string | undefined) => Number((written ?? '').replace(',', '.'));
const UNIT = String.raw`\s*\.?\s*(%|€|[\p{L}]+)?`;

/** A clause number: at the start of a sentence, or after a word that refers to one. */
const CLAUSE_NUMBER =
  /^\s*\d+(?:\.\d+)+\.?(?=\s)|(?<=\b(?:član\p{L}*|clan\p{L}*|article|clause|section|point|tačk\p{L}*|tack\p{L}*|see|vidi)\s+)\d+(?:\.\d+)+/gu;

interface BoundPatterns {
  /** Words of `from` that before a measure of a thing state it ("kofer od 22 kg"). */
  measureOf: Set<string>;
  between: RegExp;
  upTo: RegExp;
  from: RegExp;
  single: RegExp;
}
let bounds: BoundPatterns | undefined;

/** Ranges and bounds as the language packs write them ("do 8 kg", "up to 8 kg", "1500–3500 km"). */
function boundPatterns(): BoundPatterns {
  if (bounds) return bounds;
  const packs = allPacks();
  const list = (key: 'up_to' | 'from' | 'range') => packs.flatMap((p) => p.bounds[key]).join('|');
  bounds = {
    measureOf: new Set(packs.flatMap((p) => p.bounds.measure_of ?? [])),
    between: new RegExp(
      String.raw`${NUMBER}\.?\s*(?:–|—|-|${list('range')})\s*${NUMBER}${UNIT}`,
      'gu',
    ),
    upTo: new RegExp(String.raw`(?:${list('up_to')})\s+${NUMBER}${UNIT}`, 'gu'),
    from: new RegExp(String.raw`(?:${list('from')})\s+${NUMBER}${UNIT}`, 'gu'),
    single: new RegExp(String.raw`${NUMBER}${UNIT}`, 'gu'),
  };
  return bounds;
}

let rewrites: [RegExp, string][] | undefined;
/** The packs' rewrites of figures written unit-first ("week 29") into number-first ones. */
function figureRewrites(): [RegExp, string][] {
  rewrites ??= allPacks().flatMap((p) =>
    (p.figure_rewrites ?? []).map((r): [RegExp, string] => [new RegExp(r.pattern, 'g'), r.replace]),
  );
  return rewrites;
}

let metricRules: [RegExp, number, string][] | undefined;

/** A text with its pounds and inches in kilograms and centimetres ("20 lb" → "9 kg"), rounded. */
function inMetric(text: string): string {
  metricRules ??= allPacks().flatMap((p) =>
    (p.metric ?? []).map((m): [RegExp, number, string] => [
      new RegExp(String.raw`(\d+(?:[.,]\d+)?)\s*(?:${m.pattern})(?![\p{L}])`, 'gu'),
      m.factor,
      m.unit,
    ]),
  );
  let out = text;
  for (const [pattern, factor, unit] of metricRules)
    out = out.replace(
      pattern,
      (_, value: string) => `${Math.round(Number(value.replace(',', '.')) * factor)} ${unit}`,
    );
  return out;
}

/** The unit a date is read in: its day of the year ("20 July" is 201), whatever the year. */
const DAY_OF_YEAR = 'dayofyear';
const MONTH_START = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

interface DatePatterns {
  months: RegExp[];
  dayFirst: RegExp;
  monthFirst: RegExp;
  monthRange: RegExp;
  monthAlone: RegExp;
  dateRange: RegExp;
  early: RegExp;
  late: RegExp;
}
let datePatterns: DatePatterns | null | undefined;

/** The packs' months, and the ways a date, a month or a span of them is written. */
function dates(): DatePatterns | null {
  if (datePatterns !== undefined) return datePatterns;
  const packs = allPacks().filter((p) => p.months);
  if (packs.length === 0) return (datePatterns = null);
  const months = MONTH_START.map(
    (_, i) => new RegExp(`^(?:${packs.map((p) => p.months?.[i]).join('|')})$`, 'u'),
  );
  const any = packs.flatMap((p) => p.months ?? []).join('|');
  const MONTH = String.raw`(?<![\p{L}])(${any})(?![\p{L}])`;
  const YEAR = String.raw`(,?\s*(?:19|20)\d{2}(?!\d)\.?)?`;
  const words = (list: string[]) => list.map((w) => w.replace(/\s+/gu, String.raw`\s+`)).join('|');
  const early = packs.flatMap((p) => p.month_parts?.early ?? []);
  const late = packs.flatMap((p) => p.month_parts?.late ?? []);
  const context = words([...packs.flatMap((p) => p.month_context ?? []), ...early, ...late]);
  const range = words(packs.flatMap((p) => [...p.bounds.range, ...p.bounds.up_to]));
  const after = String.raw`(?<=(?:^|[^\p{L}])(?:${context})\s+)`;
  datePatterns = {
    months,
    dayFirst: new RegExp(
      String.raw`(?<![\d.,])(\d{1,2})(?:st|nd|rd|th)?\.?\s*(?:of\s+)?${MONTH}${YEAR}`,
      'gu',
    ),
    monthFirst: new RegExp(
      String.raw`${MONTH}\s+(\d{1,2})(?:st|nd|rd|th)?(?![\d\p{L}]|[.,]\d)${YEAR}`,
      'gu',
    ),
    monthRange: new RegExp(
      String.raw`${after}${MONTH}\s*(?:–|—|-|${range})\s*${MONTH}${YEAR}`,
      'gu',
    ),
    monthAlone: new RegExp(String.raw`${after}${MONTH}${YEAR}`, 'gu'),
    dateRange: new RegExp(
      String.raw`(\d+) ${DAY_OF_YEAR}Y?\s*(?:–|—|-|${range})\s*(\d+) ${DAY_OF_YEAR}Y?`,
      'gu',
    ),
    early: new RegExp(String.raw`(?:^|[^\p{L}])(?:${words(early)})\s+(?:\p{L}+\s+)?$`, 'u'),
    late: new RegExp(String.raw`(?:^|[^\p{L}])(?:${words(late)})\s+(?:\p{L}+\s+)?$`, 'u'),
  };
  return datePatterns;
}

/**
 * A lower-case text with its dates as days of the year ("od 15. juna do 15. septembra" →
 * "od 166–258 dayofyear", "in July and August" → "182–243 dayofyear"), so that a passenger's
 * date is held by a rule's span. A month written alone is the whole month in an article, and in a
 * question its middle ("mid August"), start ("early June") or end ("krajem jula").
 */
function withDates(text: string, asked: boolean): string {
  const p = dates();
  if (!p) return text;
  const month = (word: string) => p.months.findIndex((m) => m.test(word));
  // A date of a given year is the day a rule took effect, unless it ends a span: marked apart.
  const day = (m: number, d: number, year?: string) =>
    `${(MONTH_START[m] ?? 0) + d} ${DAY_OF_YEAR}${year && !asked ? 'Y' : ''}`;
  const whole = (m: number, last = m) =>
    `${(MONTH_START[m] ?? 0) + 1}–${(MONTH_START[last] ?? 0) + (MONTH_DAYS[last] ?? 30)} ${DAY_OF_YEAR}`;
  return text
    .replace(p.dayFirst, (all, d: string, name: string, year?: string) => {
      const m = month(name);
      return m < 0 || Number(d) < 1 || Number(d) > 31 ? all : day(m, Number(d), year);
    })
    .replace(
      p.monthFirst,
      (all, name: string, d: string, year: string | undefined, at: number, current: string) => {
        const m = month(name);
        // A day ends the date ("July 20th", "June 15, 2026", "on May 3."), unlike a count ("may 2
        // bags": a month's name may also be a verb).
        const ends = /^\s*(?:$|[,.;!?)])/u.test(current.slice(at + all.length));
        if (
          m < 0 ||
          Number(d) < 1 ||
          Number(d) > 31 ||
          !(ends || year || /(st|nd|rd|th)\s*$/u.test(all))
        )
          return all;
        return day(m, Number(d), year);
      },
    )
    .replace(p.monthRange, (all, first: string, last: string, _year: string) => {
      const [a, b] = [month(first), month(last)];
      return a < 0 || b < 0 || b < a ? all : whole(a, b);
    })
    .replace(p.monthAlone, (all, name: string, _year: string, at: number, current: string) => {
      const m = month(name);
      if (m < 0) return all;
      if (!asked) return whole(m);
      const before = current.slice(Math.max(0, at - 24), at);
      return day(m, p.early.test(before) ? 5 : p.late.test(before) ? 25 : 15);
    })
    .replace(p.dateRange, `$1–$2 ${DAY_OF_YEAR}`)
    .replace(new RegExp(String.raw`\d+ ${DAY_OF_YEAR}Y`, 'gu'), ' ');
}

/** Numbers and ranges a sentence states (read once per sentence: the articles' are asked often). */
const stated = oncePerText(readStated);

/** Numbers and ranges a sentence states ("1500–3500 km", "do 1500 km", "above 3500 km", "under 5"). */
function readStated(sentence: string): Stated[] {
  let text = inMetric(withDigits(withDates(normalizeText(sentence), false)))
    // A clause's number ("9.4 Children under 5…", "see 8.3") is no figure of the rule.
    .replace(CLAUSE_NUMBER, ' ')
    // Every number of "40 × 30 × 23 cm" is a length, not only the last one.
    .replace(dimensionPattern().between, '$1 cm ');
  for (const [pattern, replacement] of figureRewrites()) text = text.replace(pattern, replacement);
  const { single, between, upTo, from, measureOf } = boundPatterns();
  const out: Stated[] = [];
  for (const m of text.matchAll(single))
    out.push({ low: numberOf(m[1]), high: numberOf(m[1]), unit: unitOf(m[2]) });
  // "Od 29. do 36. nedjelje" is one range: its "do 36" is no upper bound of its own.
  const ranges: [number, number][] = [];
  for (const m of text.matchAll(between)) {
    out.push({ low: numberOf(m[1]), high: numberOf(m[2]), unit: unitOf(m[3]) });
    ranges.push([m.index, m.index + m[0].length]);
  }
  const inRange = (m: RegExpMatchArray) =>
    ranges.some(([start, end]) => (m.index ?? 0) < end && (m.index ?? 0) + m[0].length > start);
  // "Mlađa od 2 godine" is an upper bound: its "od 2 godine" is no lower bound of its own.
  const uppers: [number, number][] = [];
  for (const m of text.matchAll(upTo)) {
    if (inRange(m)) continue;
    out.push({ low: 0, high: numberOf(m[1]), unit: unitOf(m[2]) });
    uppers.push([m.index, m.index + m[0].length]);
  }
  const inUpper = (m: RegExpMatchArray) =>
    uppers.some(([start, end]) => (m.index ?? 0) >= start && (m.index ?? 0) + m[0].length <= end);
  for (const m of text.matchAll(from)) {
    if (inRange(m) || inUpper(m)) continue;
    // "from 29–36 weeks" opens the range, it is no lower bound of its own.
    if (/^\s*[–—-]\s*\d/u.test(text.slice(m.index + m[0].length))) continue;
    const unit = unitOf(m[2]);
    // "kofer od 22 kg" is a bag of 22 kg: the thing's measure, not a lower bound.
    if (unit && MEASURES.has(unit) && measureOf.has(m[0].split(/\s/u)[0] ?? '')) continue;
    out.push({ low: numberOf(m[1]), high: Infinity, unit });
  }
  // "Heavier than 8 kg … at most 45 kg": a lower and an upper bound of one thing make a range.
  const lower = out.filter((f) => f.low > 0 && f.high === Infinity);
  const upper = out.filter((f) => f.low === 0 && f.high < Infinity);
  // So do "from 7 days until the age of 2 years": the lower bound in the upper one's unit.
  for (const l of lower)
    for (const u of upper) {
      const low = l.unit && u.unit ? inUnit(l.low, l.unit, u.unit) : null;
      if (low !== null && low < u.high) out.push({ low, high: u.high, unit: u.unit });
    }
  return out.filter((s) => s.low <= s.high);
}

let dimensionPatterns: { between: RegExp; three: RegExp } | undefined;
/**
 * A measure followed by another ("55 × 40", "40 by 30"), and a bag's three measures ("80 x 50 x 35
 * cm", "55×40×20"), with the packs' words between them.
 */
function dimensionPattern(): { between: RegExp; three: RegExp } {
  if (!dimensionPatterns) {
    const words = allPacks().flatMap((p) => p.dimension_words ?? []);
    const by = String.raw`\s*(?:[×x*]${words.map((w) => String.raw`|\s${w}\s`).join('')})\s*`;
    dimensionPatterns = {
      between: new RegExp(String.raw`(\d+)${by}(?=\d)`, 'gu'),
      three: new RegExp(String.raw`(\d+)${by}(\d+)${by}(\d+)(\s*cm\b)?`, 'giu'),
    };
  }
  return dimensionPatterns;
}

/** A number of a question, with what it counts; a bag's size, with its three measures. */
export interface QuestionNumber {
  value: number;
  unit: string | null;
  /** The three measures, largest first, when the number is their sum. */
  dimensions?: number[];
}

/** The three measures a text gives, largest first ("55 × 40 × 20 cm"). */
function dimensionsOf(text: string): number[][] {
  return [...text.matchAll(dimensionPattern().three)].map((m) =>
    [Number(m[1]), Number(m[2]), Number(m[3])].sort((a, b) => b - a),
  );
}

/**
 * The numbers of a question with what they count, when a unit follows them. A bag's three
 * measures are one size: their sum (the limit airlines set as "158 cm in total"), compared
 * measure by measure with a limit that gives three.
 */
export function questionNumbers(question: string): QuestionNumber[] {
  const normal = inMetric(withDigits(withDates(normalizeText(question), true)));
  const numbers: QuestionNumber[] = dimensionsOf(normal).map((dimensions) => ({
    value: dimensions.reduce((sum, n) => sum + n, 0),
    unit: 'size',
    dimensions,
  }));
  for (const m of normal.replace(dimensionPattern().three, ' ').matchAll(boundPatterns().single))
    numbers.push({ value: numberOf(m[1]), unit: unitOf(m[2]) });
  return numbers;
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
 * A range that leaves unsaid what it counts ("Children from 2 to 11") holds a passenger's measure
 * in a unit of its own ("my 3 month old") less surely than one that says it: the ages of a
 * children's fare are years.
 */
const UNSAID_UNIT = 0.75;

/**
 * How well a sentence speaks to the numbers of a question: 1 for a number it states, 0.9 for a
 * closed range that holds it ("weeks 29–36"), 0.3 to 0.5 for an open one ("up to 1500 km", "from
 * week 33", more the nearer the bound), only when both count the same thing (or either leaves it
 * unsaid: less when the sentence does).
 */
export function numberFit(
  sentence: string,
  numbers: readonly QuestionNumber[],
  /** Whether a limit the value fails counts (it does not for another side's limit). */
  failedLimits = true,
): number {
  if (numbers.length === 0) return 0;
  const facts = stated(sentence);
  let fit = 0;
  for (const { value: asked, unit, dimensions } of numbers) {
    // A bag's measures against a limit of three: within it, like a closed range; or the limit
    // it fails.
    const limits = dimensions ? dimensionsOf(normalizeText(sentence)) : [];
    if (dimensions && limits.length > 0) {
      const within = limits.some((limit) => dimensions.every((d, i) => d <= (limit[i] ?? 0)));
      fit += within ? 0.9 : 0.3;
      continue;
    }
    const same = facts.flatMap((f) => {
      const value = inUnit(asked, unit, f.unit);
      return value === null ? [] : [{ ...f, value }];
    });
    const holding = same.filter((f) => f.value >= f.low && f.value <= f.high);
    const of = (f: (typeof holding)[number]) =>
      (f.low === f.value && f.high === f.value
        ? 1
        : f.low > 0 && f.high < Infinity
          ? 0.9
          : 0.3 + 0.2 * nearness(f.value, f)) * (unit && !f.unit ? UNSAID_UNIT : 1);
    if (holding.length > 0) fit += Math.max(...holding.map(of));
    // A limit on the very measure the passenger gives, which the value fails ("a 2-month-old
    // puppy" and "from 12 weeks"): the rule that answers.
    else if (failedLimits && same.some((f) => unit && f.unit && Number.isFinite(f.low + f.high)))
      fit += 0.3;
  }
  return fit;
}

/**
 * Units a passenger gives of their own case (a pet's weight, a child's age, a week of pregnancy);
 * days, months and hours are as often the trip's ("in 10 days", "for a month").
 */
const CASE_UNITS = new Set(['weight', 'years', 'weeks']);

/**
 * Whether a text's bounds hold a question's measure (1), only fail it (-1), or say nothing of it
 * (0): "at most 8 kg" fails a 30 kg dog, "heavier than 8 kg, up to 45 kg" holds it. Only bounds
 * count, not a figure alone ("EUR 30", "8 kg" could be either).
 */
export function boundFit(text: string, numbers: readonly QuestionNumber[]): -1 | 0 | 1 {
  let fails = false;
  for (const { value, unit, dimensions } of numbers) {
    if (dimensions || !unit || !CASE_UNITS.has(unit)) continue;
    const bounds = stated(text).flatMap((f) => {
      if (f.low === f.high || !f.unit) return [];
      const asked = inUnit(value, unit, f.unit);
      return asked === null ? [] : [{ ...f, asked }];
    });
    if (bounds.length === 0) continue;
    if (bounds.some((f) => f.asked >= f.low && f.asked <= f.high)) return 1;
    fails = true;
  }
  return fails ? -1 : 0;
}

/**
 * The measures a question gives of the passenger's own thing as weighed or measured ("kofer mi ima
 * 26 kg", "my suitcase weighs 27 kilos"), not those it states as a bound or a kind ("a bag of
 * 23 kg", "up to 23 kg").
 */
export function measuredNumbers(question: string): QuestionNumber[] {
  const normal = inMetric(withDigits(withDates(normalizeText(question), true)));
  const { upTo, from, single } = boundPatterns();
  const spans = [...normal.matchAll(upTo), ...normal.matchAll(from)].map(
    (m) => [m.index, m.index + m[0].length] as const,
  );
  const out: QuestionNumber[] = [];
  for (const m of normal.replace(dimensionPattern().three, ' ').matchAll(single)) {
    if (spans.some(([start, end]) => m.index >= start && m.index < end)) continue;
    out.push({ value: numberOf(m[1]), unit: unitOf(m[2]) });
  }
  return out;
}

/** Whether a text states an upper bound that a measure of the question exceeds ("do 23 kg", 26 kg). */
export function exceedsBound(text: string, number: QuestionNumber): boolean {
  if (number.dimensions || !number.unit) return false;
  return stated(text).some((f) => {
    if (f.low === f.high || !Number.isFinite(f.high) || !f.unit) return false;
    const value = inUnit(number.value, number.unit, f.unit);
    return value !== null && value > f.high;
  });
}

let approximations: { words: RegExp; prices: RegExp; currency: RegExp } | undefined;
/** The packs' words making the figure after them approximate, at the end of a text. */
function approximationPatterns(): { words: RegExp; prices: RegExp; currency: RegExp } {
  if (!approximations) {
    const packs = allPacks();
    const list = (key: 'words' | 'prices') =>
      packs.flatMap((p) => p.approximate?.[key] ?? []).join('|') || '(?!)';
    const money = packs.flatMap((p) => p.units.money).join('|');
    approximations = {
      words: new RegExp(String.raw`(?:^|[^\p{L}])(?:${list('words')})\s*$`, 'u'),
      prices: new RegExp(String.raw`(?:^|[^\p{L}])(?:${list('prices')})\s*$`, 'u'),
      currency: new RegExp(String.raw`(?:€|\beur\b|\b(?:${money}))\s*$`, 'u'),
    };
  }
  return approximations;
}

/**
 * How a sentence states its figures: none at all, only approximately ("about 20 kg", "roughly 45
 * minutes", "from EUR 35": a starting price), as a summary of the rules writes them, or exactly.
 * A number with no unit (a count, a row) is no figure here.
 */
export const figurePrecision = oncePerText((sentence: string): 'none' | 'rough' | 'exact' => {
  const text = withDigits(normalizeText(sentence));
  const { words, prices, currency } = approximationPatterns();
  let figures = 0;
  for (const m of text.matchAll(boundPatterns().single)) {
    let before = text.slice(0, m.index);
    const unit = unitOf(m[2]);
    const priced = currency.test(before);
    if (!unit && !priced) continue;
    figures += 1;
    if (priced) before = before.replace(currency, '');
    const money = priced || unit === 'money';
    if (!words.test(before) && !(money && prices.test(before))) return 'exact';
  }
  return figures > 0 ? 'rough' : 'none';
});
