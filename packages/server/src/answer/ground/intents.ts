import type { Language } from '@supersteward/contract';
import { oncePerText } from '../knowledge/per-text.js';
import { fold, normalizeText, tokenize } from '../knowledge/text.js';
import { allPacks, INTENT_NAMES, type IntentName } from '../language/pack.js';
import { countPattern, questionNumbers, withDigits } from './numbers.js';

/**
 * What kind of figure a question asks for, read from its wording in either language (the
 * language packs' `intents`), and how to recognise a sentence that gives it. Patterns are matched
 * on the folded question.
 */
export interface Intent {
  name: IntentName;
  /** Every pack's `asks` patterns, one alternative each. */
  asks: RegExp[];
  gives: RegExp[];
}

export interface AskedIntent {
  intent: Intent;
  /** 1 for the intent named first in the question, less for later ones (usually conditions). */
  weight: number;
  /** Named only in a clause that tells the passenger's story, beside one that asks. */
  story?: boolean;
}

interface IntentTables {
  intents: Intent[];
  interrogatives: RegExp[];
  howLarge: RegExp[];
  ageGiven: RegExp[];
  condition: RegExp;
  conditionPhrases: RegExp[];
}

let tables: IntentTables | undefined;

function compiled(): IntentTables {
  if (tables) return tables;
  const packs = allPacks();
  const intents = INTENT_NAMES.map((name) => ({
    name,
    asks: packs.flatMap((p) => p.intents[name]?.asks ?? []).map((s) => new RegExp(s)),
    // A count is a number that measures nothing: built from the packs' numerals and units.
    gives:
      name === 'count'
        ? [countPattern()]
        : packs.flatMap((p) => p.intents[name]?.gives ?? []).map((s) => new RegExp(s)),
  }));
  const verbs = packs.flatMap((p) => p.condition_verbs).join('|');
  tables = {
    intents,
    howLarge: packs.map((p) => new RegExp(p.how_large)),
    conditionPhrases: packs
      .flatMap((p) => p.condition_phrases ?? [])
      .map((s) => new RegExp(s, 'g')),
    interrogatives: packs.flatMap((p) => (p.interrogatives ? [new RegExp(p.interrogatives)] : [])),
    ageGiven: packs.map((p) => new RegExp(p.age_given)),
    // A number with its unit is a condition ("5 hours late", "a 30 kg bag", "a 1 year old baby",
    // "my bag weighs 30 kg"), not the ask.
    condition: new RegExp(
      String.raw`(\b(${verbs})\s+)?\d+\s*[-\s]?[\p{L}.]+(\s*-?\s*old\b)?`,
      'gu',
    ),
  };
  return tables;
}

/** Where the earliest of the patterns matches, -1 when none does. */
function firstMatch(text: string, patterns: readonly RegExp[]): number {
  let at = -1;
  for (const pattern of patterns) {
    const found = text.search(pattern);
    if (found >= 0 && (at < 0 || found < at)) at = found;
  }
  return at;
}

const globals = new WeakMap<RegExp, RegExp>();
/** The pattern with the `g` flag, for every match (made once). */
function globalOf(pattern: RegExp): RegExp {
  let global = globals.get(pattern);
  if (!global) {
    global = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
    globals.set(pattern, global);
  }
  return global;
}

/**
 * Where the earliest of the patterns matches inside an asking clause; failing that, the earliest
 * match anywhere, placed after every asking one; -1 when none matches.
 */
function firstAskedMatch(
  text: string,
  patterns: readonly RegExp[],
  asking: (at: number) => boolean,
): number {
  let asked = -1;
  let other = -1;
  for (const pattern of patterns) {
    const global = globalOf(pattern);
    for (const match of text.matchAll(global)) {
      const at = match.index;
      if (asking(at)) {
        if (asked < 0 || at < asked) asked = at;
        break;
      }
      if (other < 0 || at < other) other = at;
    }
  }
  if (asked >= 0) return asked;
  return other < 0 ? -1 : other + text.length;
}

/** A question's clauses: the runs between commas and sentence ends, each with its punctuation. */
const CLAUSE = /[^,;.!?]+[,;.!?]*/g;

/** Whether a clause (folded) asks: it holds a question word or ends with a question mark. */
function clauseAsks(folded: string, interrogatives: readonly RegExp[]): boolean {
  return folded.trimEnd().endsWith('?') || interrogatives.some((i) => i.test(folded));
}

/**
 * Whether a position of the question lies in a clause that asks. When no clause or every clause
 * asks, every position does.
 */
function askingClauses(folded: string, interrogatives: readonly RegExp[]): (at: number) => boolean {
  const clauses = [...folded.matchAll(CLAUSE)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    asks: clauseAsks(m[0], interrogatives),
  }));
  if (clauses.every((c) => c.asks) || clauses.every((c) => !c.asks)) return () => true;
  return (at) => clauses.some((c) => c.asks && at >= c.start && at < c.end);
}

let backReferences: Map<string, Set<string>> | undefined;
/** Whether a clause points back at what the message named before it ("what's the fee for it?"). */
export function pointsBack(clause: string, language: Language): boolean {
  backReferences ??= new Map(
    allPacks().map((p) => [p.language, new Set((p.back_references ?? []).map(fold))]),
  );
  const words = backReferences.get(language);
  return !!words && tokenize(clause).some((t) => words.has(fold(t)));
}

/**
 * The clauses of a question that ask, when others only tell the passenger's story ("Our Great Dane
 * with his crate is 55 kg. Is there any way he can fly in the hold?"); undefined when every
 * clause asks or none does.
 */
export function askingPart(question: string): string | undefined {
  const { interrogatives } = compiled();
  const parts = question.match(CLAUSE) ?? [];
  const asks = parts.map((part) => clauseAsks(fold(part.toLowerCase()), interrogatives));
  if (asks.every(Boolean) || !asks.some(Boolean)) return undefined;
  return parts.filter((_, i) => asks[i]).join(' ');
}

let joins: RegExp | undefined;
/** The packs' words joining two questions in one sentence, between spaces. */
function conjunctions(): RegExp {
  joins ??= new RegExp(
    String.raw`\s+(?:${allPacks()
      .flatMap((p) => p.conjunctions ?? [])
      .join('|')})\s+`,
    'giu',
  );
  return joins;
}

/**
 * The questions a message asks, when it asks more than one ("Do I pay at the desk? And until when
 * can I check in online?", "koliko košta pratnja i do kad da rezervišem?"): its sentences that ask,
 * each cut where a conjunction joins two clauses that both hold a question word. Empty when it asks
 * one thing.
 */
export function questionParts(question: string): string[] {
  const { interrogatives } = compiled();
  // In any clause: "flex fare - how many bags do I get".
  const questionWord = (text: string) =>
    fold(text.toLowerCase())
      .split(/\s[-–—]\s|[,;:]\s*/u)
      .some((clause) => interrogatives.some((i) => i.test(clause)));
  const parts: string[] = [];
  for (const sentence of question.match(/[^?!;.]+[?!;.]*/gu) ?? []) {
    const pieces: string[] = [];
    let end = sentence.length;
    for (const join of [...sentence.matchAll(conjunctions())].reverse()) {
      const right = sentence.slice(join.index + join[0].length, end);
      if (questionWord(sentence.slice(0, join.index)) && questionWord(right)) {
        pieces.unshift(right.trim());
        end = join.index;
      }
    }
    const head = sentence.slice(0, end);
    if (clauseAsks(fold(head.toLowerCase()), interrogatives) || questionWord(head))
      pieces.unshift(head.trim());
    parts.push(...pieces);
  }
  return parts.length >= 2 ? parts : [];
}

/** Whether the question gives an age ("a 6 year old", "10 months"): it is about a child or an animal. */
export function givesAge(question: string): boolean {
  return firstMatch(fold(question.toLowerCase()), compiled().ageGiven) >= 0;
}

/** The named intent (for tests and tools). */
export function intentNamed(name: IntentName): Intent {
  return compiled().intents.find((i) => i.name === name) as Intent;
}

/**
 * The intents a question expresses, first-named first (none for a yes/no question or a plain
 * topic). Passengers name what they ask before the conditions: "how much is the compensation for
 * a 4-hour delay" asks for money, not for hours.
 */
export function questionIntents(question: string): AskedIntent[] {
  const { intents, howLarge, ageGiven, condition } = compiled();
  let folded = fold(question.toLowerCase()).replace(condition, ' ');
  for (const phrase of compiled().conditionPhrases) folded = folded.replace(phrase, ' ');
  const asking = askingClauses(folded, compiled().interrogatives);
  const found = intents
    // What the asking clause names comes first; the other clauses tell the passenger's case
    // ("I paid for 23 kg, how much do I pay for each kilo over?" asks a price).
    .map((intent) => ({ intent, at: firstAskedMatch(folded, intent.asks, asking) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at)
    .map(({ intent, at }, i) => ({
      intent,
      weight: i === 0 ? 1 : 0.5,
      ...(at >= folded.length ? { story: true } : {}),
    }));
  if (found.length > 0) return found;
  // "How large may it be?" names no measure: the size.
  if (firstMatch(folded, howLarge) >= 0) return [{ intent: intentNamed('size'), weight: 1 }];
  // An age given with nothing else asked is checked against the age rule.
  if (firstMatch(fold(question.toLowerCase()), ageGiven) >= 0)
    return [{ intent: intentNamed('age'), weight: 1 }];
  // So is a bag's size given with nothing else asked ("80x50x35, can I check it in?").
  const measured = questionNumbers(question);
  if (measured.some((n) => n.dimensions)) return [{ intent: intentNamed('size'), weight: 1 }];
  return found;
}

/** Whether what a `gives` pattern matched is a figure: it holds a number or stands by one ("EUR 40"). */
function withFigure(match: RegExpMatchArray): boolean {
  const at = match.index ?? 0;
  return /\d/.test(match.input?.slice(Math.max(0, at - 3), at + match[0].length + 3) ?? '');
}

const PHONE = /\+\d[\d\s]{6,}\d/g;

/** A sentence as its figures are read: Latin script, lower case, numbers in words as figures. */
const figureView = oncePerText((sentence: string) => withDigits(normalizeText(sentence)));

/**
 * The weight of the best asked intent a sentence gives a figure for, 0 when none. An answer in
 * words ("free of charge", "not refundable") gives it in part: asked "how much", a passenger
 * wants the amount where the articles state one, and the words where they do not.
 */
export function intentWeight(
  sentence: string,
  asked: readonly AskedIntent[],
  verbalShare = 1,
): number {
  // A phone number is no figure of any kind (not a count, not an hour), but the contact asked for.
  const whole = figureView(sentence);
  const lower = whole.replace(PHONE, ' ');
  let best = 0;
  for (const { intent, weight } of asked) {
    const text = intent.name === 'contact' || intent.name === 'email' ? whole : lower;
    const given = intent.gives.map((g) => text.match(g)).filter((m) => m !== null);
    if (given.length === 0) continue;
    // A count in words ("two pieces") is the figure itself.
    const figure = intent.name === 'count' || given.some(withFigure);
    best = Math.max(best, figure ? weight : weight * verbalShare);
  }
  return best;
}
