import type { Language } from '@supersteward/contract';
import { escapeRegExp, fold, tokenize } from '../knowledge/text.js';
import { isStopWord } from '../knowledge/stopwords.js';
import { allPacks, languagePack, SMALL_TALK_KINDS, type SmallTalkKind } from '../language/pack.js';
import type { Lexicon } from '../lexicon/lexicon.js';

export interface ReplyContext {
  airlineName: string;
  supportEmail: string;
  /** How replies name what the steward answers about, per language (the airline's lexicon). */
  topics?: Partial<Record<Language, string>>;
}

/** A reply of the language pack with the airline's name, contact and topics filled in. */
function fill(
  language: Language,
  key: Exclude<keyof ReturnType<typeof languagePack>['replies'], 'topics'>,
  { airlineName, supportEmail, topics }: ReplyContext,
): string {
  const replies = languagePack(language).replies;
  const named = topics?.[language];
  const topicText = named ? replies.topics.replaceAll('{topics}', named) : '';
  return replies[key]
    .replaceAll('{topics}', topicText)
    .replaceAll('{airline}', airlineName)
    .replaceAll('{email}', supportEmail);
}

/** The honest reply to a question the knowledge base does not cover: no policy, only the contact. */
export function outOfScopeReply(language: Language, context: ReplyContext): string {
  return fill(language, 'out_of_scope', context);
}

interface Phrase {
  kind: SmallTalkKind;
  tokens: string[];
}

/** Small-talk phrases of every pack, as folded token lists, by first token, longest first. */
let smallTalkPhrases: Map<string, Phrase[]> | undefined;
function phrasesStartingWith(token: string): Phrase[] | undefined {
  if (!smallTalkPhrases) {
    smallTalkPhrases = new Map();
    const all = SMALL_TALK_KINDS.flatMap((kind) =>
      allPacks().flatMap((pack) =>
        pack.small_talk[kind].map((phrase) => ({ kind, tokens: tokenize(phrase).map(fold) })),
      ),
    ).sort((a, b) => b.tokens.length - a.tokens.length);
    for (const phrase of all) {
      const first = phrase.tokens[0];
      if (first === undefined) continue;
      const list = smallTalkPhrases.get(first) ?? [];
      list.push(phrase);
      smallTalkPhrases.set(first, list);
    }
  }
  return smallTalkPhrases.get(token);
}

let openingGreeting: RegExp | undefined;
/** The fewest words after a greeting that make a question of their own ("Zdravo, imam par pitanja" does not). */
const MIN_QUESTION_TOKENS = 4;
/**
 * The question without the greeting it opens with ("Dobro veče, putujemo sa bebom…", "Hi there,
 * my bag…"): a greeting names no topic ("veče" folds to "veće", larger). A message that is only a
 * greeting stays whole, to be answered as one.
 */
export function withoutOpeningGreeting(question: string): string {
  if (!openingGreeting) {
    const phrases = allPacks()
      .flatMap((pack) => pack.small_talk.greeting)
      .sort((a, b) => b.length - a.length)
      .map((p) => escapeRegExp(p).replace(/\s+/g, '\\s+'));
    openingGreeting = new RegExp(
      `^[\\s\\p{P}\\p{S}]*(?:(?:${phrases.join('|')})(?=[\\s\\p{P}\\p{S}]|$)[\\s\\p{P}\\p{S}]*)+`,
      'iu',
    );
  }
  const found = openingGreeting.exec(question);
  // A greeting apart from what follows ("Dobro veče, …"), not words that open a question ("Kako
  // je sa prtljagom?").
  if (!found || !/[\p{P}\p{S}]\s*$/u.test(found[0])) return question;
  const rest = question.slice(found[0].length);
  return tokenize(rest).length >= MIN_QUESTION_TOKENS ? rest : question;
}

function startsAt(tokens: string[], i: number, phrase: Phrase): boolean {
  for (let k = 0; k < phrase.tokens.length; k++)
    if (tokens[i + k] !== phrase.tokens[k]) return false;
  return true;
}

/** Longest message read as small talk: a longer one says more than hello. */
const MAX_SMALL_TALK_TOKENS = 8;

/**
 * How loosely a message is read as small talk: the longest it may be, and how many of its words
 * may be neither a small-talk phrase nor a stop word ("thanks, that's all I *needed*").
 */
export interface SmallTalkReading {
  maxTokens: number;
  otherWords: number;
  /** Phrases of its kind the message must hold ("a real person … or a chatbot?" holds two). */
  minPhrases?: number;
}

const STRICT: SmallTalkReading = { maxTokens: MAX_SMALL_TALK_TOKENS, otherWords: 0 };

/**
 * The kind of small talk a message is ("hvala puno", "thanks, bye", "Hi there!", "are you a
 * bot?"), or undefined when it asks something: the message is made of the language packs'
 * small-talk phrases and stop words, with at least one phrase (and, read loosely, a few other
 * words). A message holding several kinds is answered by the first in the packs' order (thanks
 * before goodbye before bot before greeting).
 */
export function smallTalkKind(
  message: string,
  reading: SmallTalkReading = STRICT,
): SmallTalkKind | undefined {
  const tokens = tokenize(message).map(fold);
  if (tokens.length === 0 || tokens.length > reading.maxTokens) return undefined;
  const found = new Map<SmallTalkKind, number>();
  let others = 0;
  for (let i = 0; i < tokens.length;) {
    const phrase = phrasesStartingWith(tokens[i] as string)?.find((p) => startsAt(tokens, i, p));
    if (phrase) {
      found.set(phrase.kind, (found.get(phrase.kind) ?? 0) + 1);
      i += phrase.tokens.length;
      continue;
    }
    const token = tokens[i] as string;
    if (!isStopWord(token, 'mne') && !isStopWord(token, 'en') && ++others > reading.otherWords)
      return undefined;
    i++;
  }
  const kind = SMALL_TALK_KINDS.find((k) => found.has(k));
  return kind && (found.get(kind) ?? 0) >= (reading.minPhrases ?? 1) ? kind : undefined;
}

/** Whether a message says goodbye among its small talk ("thanks, that's all, bye!"). */
export function saysGoodbye(message: string): boolean {
  const tokens = tokenize(message).map(fold);
  return tokens.some((_, i) =>
    phrasesStartingWith(tokens[i] as string)?.some(
      (p) => p.kind === 'goodbye' && startsAt(tokens, i, p),
    ),
  );
}

/** Whether a message is only small talk (nothing to look up). */
export function isSmallTalk(message: string): boolean {
  return smallTalkKind(message) !== undefined;
}

export function smallTalkReply(
  language: Language,
  context: ReplyContext,
  kind: SmallTalkKind = 'greeting',
  /** The message also says goodbye: thanks are acknowledged, then the passenger sent off. */
  farewell = false,
): string {
  if (kind !== 'thanks' || !farewell) return fill(language, kind, context);
  const welcome = fill(language, 'thanks', context).split(/(?<=[.!?])\s/u)[0] ?? '';
  return `${welcome} ${fill(language, 'goodbye', context)}`.trim();
}

const patterns = new WeakMap<Lexicon, { airlines: RegExp; air: RegExp }>();

/** "X Airlines" (unambiguous whatever the case), "Air X", "X Aira" (capitalised). */
function airlinePatterns(lexicon: Lexicon): { airlines: RegExp; air: RegExp } {
  let found = patterns.get(lexicon);
  if (!found) {
    const suffixes = lexicon.airlineSuffixes.map(escapeRegExp).join('|');
    const air = escapeRegExp(lexicon.airWord);
    const Air = air.charAt(0).toUpperCase() + air.slice(1);
    const endings = lexicon.airWordEndings.map(escapeRegExp).join('|');
    found = {
      airlines: new RegExp(String.raw`(\p{L}+)\s+(?:${suffixes})\b`, 'giu'),
      // "air" only with a capitalised name beside it ("fresh air" is not one).
      air: new RegExp(
        String.raw`(?:(\p{Lu}\p{L}*)\s+(?:${Air}|${air.toUpperCase()}|${air})(?:${endings})?\b|\b(?:${Air}|${air.toUpperCase()})\s+(\p{Lu}\p{L}*))`,
        'gu',
      ),
    };
    patterns.set(lexicon, found);
  }
  return found;
}

/**
 * Whether a question asks about another airline ("Koliko košta kofer kod X-a?"): by the lexicon's
 * list of carriers or by the form of an airline's name. The deploying airline's own name never
 * counts.
 */
export function mentionsOtherAirline(
  question: string,
  airlineName: string,
  lexicon: Lexicon,
): boolean {
  const own = new Set(tokenize(airlineName).map(fold));
  const other = (name: string | undefined) => !!name && !own.has(fold(name.toLowerCase()));
  const carriers = lexicon.otherAirlines;
  if (tokenize(question).some((word) => carriers.has(fold(word)) && !own.has(fold(word))))
    return true;
  const { airlines, air } = airlinePatterns(lexicon);
  // "The airline", "your airline" speak of this one; a name stands before "Airlines".
  const named = (word: string | undefined) =>
    !!word && !isStopWord(word, 'en') && !isStopWord(word, 'mne');
  for (const m of question.matchAll(airlines)) if (other(m[1]) && named(m[1])) return true;
  for (const m of question.matchAll(air)) if (other(m[1] ?? m[2])) return true;
  return false;
}

/** The reply to a question about another airline: only our rules are known here, no figures. */
export function otherAirlineReply(language: Language, context: ReplyContext): string {
  return fill(language, 'other_airline', context);
}
