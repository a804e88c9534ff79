import type { Language } from '@supersteward/contract';
import type { KnowledgeBase, LanguageIndex } from '../knowledge/knowledge-index.js';
import { fold, normalizeText, stemVariants, tokenize } from '../knowledge/text.js';
import { allPacks, languagePack } from '../language/pack.js';
import { toLatin } from './script.js';
import { splitSentences } from './sentences.js';

interface RankPatterns {
  /** How the articles say it ("lowest"). */
  words: RegExp[];
  /** How a passenger names a product by it ("the cheapest ticket"). */
  asks: RegExp[];
}
let patterns: Map<string, RankPatterns> | undefined;
/** Every pack's rank words, by kind ("cheapest": "cheapest", "lowest", "najjeftinij…"). */
function rankPatterns(): Map<string, RankPatterns> {
  if (!patterns) {
    patterns = new Map();
    for (const pack of allPacks())
      for (const [kind, rank] of Object.entries(pack.ranks ?? {})) {
        const known = patterns.get(kind) ?? { words: [], asks: [] };
        known.words.push(new RegExp(rank.words, 'u'));
        known.asks.push(new RegExp(rank.asks, 'u'));
        patterns.set(kind, known);
      }
  }
  return patterns;
}

/** The name written nearest a rank word in a clause, one before it first ("Bura, our lowest fare"). */
function nearestName(
  clause: string,
  at: number,
  index: LanguageIndex,
  opensSentence: boolean,
): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const m of clause.matchAll(/\p{Lu}\p{L}*/gu)) {
    // In Latin script, as the index reads it: articles may be written in Cyrillic.
    const stems = stemVariants(normalizeText(m[0]), index.language);
    // A name the articles always capitalise (a fare, a place), or any capitalised word but the
    // sentence's first.
    if (opensSentence && m.index === 0 && !stems.some((s) => index.properNames.has(s))) continue;
    const distance = m.index < at ? at - m.index : (m.index - at) * 2;
    if (!best || distance < best.distance) best = { name: toLatin(m[0]), distance };
  }
  return best?.name;
}

const ranked = new WeakMap<LanguageIndex, Map<string, string>>();

/**
 * The product each rank names in the articles of a language ("cheapest" → "Bura", where an
 * article writes "Bura, our lowest fare"): the name written nearest the rank word in most of the
 * clauses that use it; none when two names tie.
 */
function rankedNames(index: LanguageIndex): Map<string, string> {
  let names = ranked.get(index);
  if (names) return names;
  const votes = new Map<string, Map<string, number>>();
  for (const passage of index.passages.values())
    for (const sentence of splitSentences(passage.text))
      // A list after a colon names its items apart from what leads into it ("Vrmac Airways sells
      // three fares: Bura, our lowest fare; …").
      for (const [i, clause] of sentence.split(/;\s+|:\s+/u).entries()) {
        const folded = fold(normalizeText(clause));
        for (const [kind, rank] of rankPatterns())
          for (const pattern of rank.words) {
            const found = pattern.exec(folded);
            const name = found ? nearestName(clause, found.index, index, i === 0) : undefined;
            if (!name) continue;
            const tally = votes.get(kind) ?? new Map<string, number>();
            tally.set(name, (tally.get(name) ?? 0) + 1);
            votes.set(kind, tally);
          }
      }
  names = new Map();
  for (const [kind, tally] of votes) {
    const [first, second] = [...tally].sort((a, b) => b[1] - a[1]);
    if (first && (!second || second[1] < first[1])) names.set(kind, first[0]);
  }
  ranked.set(index, names);
  return names;
}

/** Words of a question beside the rank's phrase that ask something of the fare it names. */
const MIN_OTHER_TOKENS = 5;

/**
 * A question naming a product by its rank ("I have the cheapest ticket") with the name the
 * articles give it added ("… (Bura)"), so that it is read as the passenger who names it; in
 * place of the rank's words when the question asks something else of it.
 */

export function withRankedName(kb: KnowledgeBase, question: string, language: Language): string {
  const ranks = languagePack(language).ranks;
  if (!ranks) return question;
  const folded = fold(question.toLowerCase());
  for (const kind of Object.keys(ranks)) {
    const asks = rankPatterns().get(kind)?.asks ?? [];
    if (!asks.some((p) => p.test(folded))) continue;
    const name = rankedNames(kb.indexes[language]).get(kind);
    if (!name) continue;
    // Asked something of the fare ("the cheapest ticket … a trolley in the overhead bin?"), the
    // fare is named in its place: the article's "Čun is our cheapest fare" answers only which.
    const phrase = asks.map((p) => p.exec(folded)).find(Boolean);
    const rest = phrase
      ? folded.slice(0, phrase.index) + folded.slice(phrase.index + phrase[0].length)
      : folded;
    // The rank phrase can be cut out where the question asks more than which fare it is.
    const cut =
      phrase && folded.length === question.length && tokenize(rest).length >= MIN_OTHER_TOKENS
        ? {
            before: question.slice(0, phrase.index),
            after: question.slice(phrase.index + phrase[0].length),
          }
        : undefined;
    if (folded.includes(fold(name.toLowerCase()))) {
      // Named beside its rank ("the cheapest fare (Zrno)"), the rank only says it again.
      if (!cut) continue;
      const before = cut.before.replace(/\b(?:the|our|your)\s+$/iu, '');
      return `${before}${cut.after}`.replace(/ {2,}/gu, ' ');
    }
    if (cut) return `${cut.before}${name}${cut.after}`;
    return `${question} (${name})`;
  }
  return question;
}
