import type { LanguageIndex, QueryWord } from '../knowledge/knowledge-index.js';
import { isGroupTerm } from '../knowledge/synonyms.js';
import { tokenize } from '../knowledge/text.js';

/** Stage 2 of grounding: the question's content words with what each stands for in the index. */
export interface Expansion {
  words: QueryWord[];
  /** Numbers written in the question. */
  numbers: string[];
  /** Index terms of the focus (a follow-up's own words), which weigh more in search. */
  focusTerms: Set<string>;
}

function isNumber(term: string): boolean {
  return /^\p{N}+$/u.test(term);
}

/**
 * Expands the (normalised) question into index terms: stems of every spelling, synonym groups of
 * the lexicons, the indexed word an unknown inflection belongs to; stop words drop out. A word the
 * articles only write capitalised is marked as a name. `focus`: the part of the question that
 * matters most (a follow-up read with the question before it) weighs double.
 */
export function expand(index: LanguageIndex, question: string, focus?: string): Expansion {
  const words: QueryWord[] = [];
  const numbers: string[] = [];
  const seen = new Set<string>();
  // What a passenger puts in quotes ('Ana Popvic', "ABC123") is a name or a code they quote.
  const quoted = new Set(
    [...question.matchAll(/(?:^|[\s(])['"‘“„«]([^'"’”“«»]{1,60})['"’”“»]/gu)].flatMap((m) =>
      tokenize(m[1] ?? ''),
    ),
  );
  const tokens = tokenize(question);
  for (let t = 0; t < tokens.length; t++) {
    const token = tokens[t]!;
    if (seen.has(token)) continue;
    seen.add(token);
    if (isNumber(token)) {
      numbers.push(token);
      continue;
    }
    const terms = index.termsOfToken(token);
    if (terms.length === 0) continue;
    const stems = terms.filter((t) => !isGroupTerm(t));
    const groups = terms.filter(isGroupTerm);
    let name = stems.length > 0 && stems.every((s) => index.names.has(s));
    let known = stems.some((s) => index.documentFrequency.has(s));
    if (!known && !name && !quoted.has(token)) {
      const parts = index.splitCompound(token);
      if (parts) {
        tokens.splice(t + 1, 0, ...parts);
        continue;
      }
    }
    if (!known && !name && index.guessesInflections) {
      const inflection = stems.map((s) => index.inflectionOf(s)).find(Boolean);
      if (inflection) {
        stems.push(inflection);
        for (const g of index.synonyms.get(inflection) ?? [])
          if (!groups.includes(g)) groups.push(g);
        known = true;
      }
    }
    if (!known && quoted.has(token)) name = true;
    // The rarest known spelling: a variant the stemmer made up must not weigh as an unknown word.
    const spellings = known ? stems.filter((s) => index.documentFrequency.has(s)) : stems;
    const idf = Math.max(...spellings.map((s) => index.idf(s)));
    words.push({ token, stems, groups, idf, known, matched: false, name });
  }
  const focused = new Set(focus ? tokenize(focus) : []);
  const focusTerms = new Set(
    words.filter((w) => focused.has(w.token)).flatMap((w) => [...w.stems, ...w.groups]),
  );
  for (const word of words) if (focused.has(word.token)) word.idf *= 2;
  return { words, numbers, focusTerms };
}
