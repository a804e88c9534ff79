import { FIGURE, figureOf, figuresOf, sameFigure, type Figure } from '../ground/numbers.js';
import { splitSentences } from '../ground/sentences.js';
import type { LanguagePack } from '../language/pack.js';
import { isGroupTerm } from './synonyms.js';
import type { Passage, ScoredPassage } from './types.js';

/**
 * A figure the articles say is no longer in force, beside the one that is: a correction ("EUR 45,
 * not EUR 40"), an update ("10 kg instead of 8 kg"), a change ("lowered from EUR 50 to EUR 40").
 * An article that announced the old figure still states it; the text that replaced it says which
 * one holds.
 */
export interface ReplacedFigure {
  old: Figure;
  current: Figure[];
  /** The statement's own words (not its figures, nor its dates), with how rare each is. */
  terms: ReadonlyMap<string, number>;
  /** The subjects (the lexicon's: pets, children…) the statement and its headings name. */
  subjects: ReadonlySet<string>;
  /** The airline's products (its fares, its services) the statement names. */
  products: ReadonlySet<string>;
  passageId: string;
  statement: string;
}

/** The pack's patterns, OLD and NEW standing for the figures. */
function statementPatterns(pack: LanguagePack): RegExp[] {
  return (pack.replaced_figures ?? []).map(
    (p) =>
      new RegExp(
        p.replace('OLD', `(?<old>${FIGURE})`).replace('NEW', `(?<current>${FIGURE})`),
        'iu',
      ),
  );
}

interface Reader {
  termsOf(text: string): Set<string>;
  idf(term: string): number;
  /** How many sections hold a term. */
  sectionsWith(term: string): number;
  /** Worked examples compare a passenger's figures ("EUR 25 instead of EUR 45"), they change none. */
  isExample(passage: Passage, sentence: string): boolean;
  subjectTerms: ReadonlySet<string>;
  isProduct(term: string): boolean;
}

/** A date ("1 March 2026", "1. marta 2026.", "March 1, 2026", "December 2025"): when, not what. */
const DATE = /(\d{1,2}\.?\s+)?\p{L}+\.?,?\s+(\d{1,2},?\s+)?\d{4}\.?/gu;

function subjectsOf(terms: Iterable<string>, subjectTerms: ReadonlySet<string>): Set<string> {
  return new Set([...terms].filter((t) => subjectTerms.has(t)));
}

/** The figures replaced in a language's sections (their headings and sentences). */
export function findReplacedFigures(
  pack: LanguagePack,
  passages: Iterable<Passage>,
  reader: Reader,
): ReplacedFigure[] {
  const patterns = statementPatterns(pack);
  if (patterns.length === 0) return [];
  const found: ReplacedFigure[] = [];
  for (const passage of passages) {
    for (const statement of [passage.heading, ...splitSentences(passage.text)]) {
      if (reader.isExample(passage, statement)) continue;
      for (const pattern of patterns) {
        const m = pattern.exec(statement);
        if (!m?.groups?.['old']) continue;
        const old = figureOf(m.groups['old']);
        const named = m.groups['current'];
        const current = named
          ? [figureOf(named)]
          : figuresOf(statement).filter((f) => f.unit === old.unit && f.value !== old.value);
        if (old.unit === null || current.length === 0) continue;
        // The thing whose figure changed is named before the words saying so ("From 1 August,
        // our escort service costs EUR 60, no longer the EUR 50 we announced in December"), or
        // between the verb of a change and its figures ("lowered the fee for Drugar from …").
        const thing = statement
          .slice(0, named ? statement.indexOf(m.groups['old'], m.index) : m.index)
          .replace(DATE, ' ');
        const terms = new Map<string, number>();
        for (const t of reader.termsOf(reader.termsOf(thing).size > 0 ? thing : statement))
          // A word no other section writes tells no other text about the same thing.
          if (!isGroupTerm(t) && !/\d/u.test(t) && reader.sectionsWith(t) > 1)
            terms.set(t, reader.idf(t));
        const subjects = subjectsOf(
          reader.termsOf(`${passage.parent ?? ''}\n${passage.heading}\n${statement}`),
          reader.subjectTerms,
        );
        const products = new Set([...reader.termsOf(statement)].filter((t) => reader.isProduct(t)));
        found.push({ old, current, terms, subjects, products, passageId: passage.id, statement });
        break;
      }
    }
  }
  return found;
}

/** Least share of a statement's words (by rarity) a sentence and its headings share to be about its thing. */
const SAME_THING = 0.5;

/** The sentences of a section that state replaced figures, and the sections that replaced them. */
export interface Replaced {
  /** Each sentence stating a replaced figure, with the statements that replaced it. */
  sentences: ReadonlyMap<string, ReadonlySet<string>>;
  by: ReadonlySet<string>;
}

/**
 * Each section stating a figure another text replaced: the old one, not the current one, in a
 * sentence that with its headings is about the same thing as the statement (its words, weighed by
 * rarity), the statement itself aside.
 */
export function replacedSections(
  statements: readonly ReplacedFigure[],
  passages: Iterable<Passage>,
  reader: Pick<Reader, 'termsOf' | 'subjectTerms' | 'isProduct'>,
): Map<string, Replaced> {
  const { termsOf, subjectTerms } = reader;
  const out = new Map<string, { sentences: Map<string, Set<string>>; by: Set<string> }>();
  if (statements.length === 0) return out;
  // A text stating a change ("EUR 60 since April (previously EUR 50)") states what holds now.
  const stating = new Set(statements.map((r) => r.statement));
  for (const passage of passages) {
    const headings = termsOf(`${passage.parent ?? ''}\n${passage.heading}`);
    for (const sentence of splitSentences(passage.text)) {
      if (stating.has(sentence)) continue;
      const figures = figuresOf(sentence);
      const terms = termsOf(sentence);
      // A sentence naming a subject the statement does not, and none it does (a pet's 9 kg, beside
      // the cabin bag's 9 kg that became 11), is about another thing.
      const subjects = subjectsOf([...terms, ...headings], subjectTerms);
      // So is one naming another of the airline's products (another fare's fee).
      const products = [...terms].filter((t) => reader.isProduct(t));
      for (const r of statements) {
        const own = [...subjects].filter((t) => r.subjects.has(t));
        if (own.length < subjects.size && own.length === 0) continue;
        if (r.products.size > 0 && products.some((t) => !r.products.has(t))) continue;
        if (!figures.some((f) => sameFigure(f, r.old))) continue;
        if (figures.some((f) => r.current.some((c) => sameFigure(f, c)))) continue;
        let shared = 0;
        let total = 0;
        for (const [t, weight] of r.terms) {
          total += weight;
          if (terms.has(t) || headings.has(t)) shared += weight;
        }
        if (total === 0 || shared < total * SAME_THING) continue;
        const entry = out.get(passage.id) ?? {
          sentences: new Map<string, Set<string>>(),
          by: new Set<string>(),
        };
        entry.sentences.set(
          sentence,
          (entry.sentences.get(sentence) ?? new Set<string>()).add(r.statement),
        );
        if (r.passageId !== passage.id) entry.by.add(r.passageId);
        out.set(passage.id, entry);
      }
    }
  }
  return out;
}

/**
 * Search results with the sections that replaced a figure a found one states, as high as it: an
 * old announcement found by the question's words brings the correction that may share few.
 */
export function withReplacingSections(
  results: readonly ScoredPassage[],
  replaced: ReadonlyMap<string, Replaced>,
  passage: (id: string) => Passage | undefined,
): ScoredPassage[] {
  if (replaced.size === 0) return [...results];
  const out = [...results];
  for (const found of results) {
    for (const id of replaced.get(found.id)?.by ?? []) {
      const at = out.findIndex((p) => p.id === id);
      if (at >= 0 && (out[at]?.score ?? 0) >= found.score) continue;
      const replacing = passage(id);
      if (!replacing) continue;
      if (at >= 0) out.splice(at, 1);
      out.splice(out.indexOf(found) + 1, 0, { ...replacing, score: found.score });
    }
  }
  return out;
}
