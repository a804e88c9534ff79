import { Type, type Static } from '@sinclair/typebox';
import type { Language } from '@supersteward/contract';
import { DataFileError, parseDataFile, readShippedFile } from '../language/data-files.js';

const Words = Type.Array(Type.String());
const GROUP_NAME = '^[a-z][a-z0-9_-]*$';

/** The format of `packages/server/lexicons/travel.yaml` (documented in the file itself). */
export const TravelLexiconSchema = Type.Object(
  {
    groups: Type.Record(
      Type.String({ pattern: GROUP_NAME }),
      Type.Object({ mne: Type.String(), en: Type.String() }, { additionalProperties: false }),
      { additionalProperties: false },
    ),
    qualifiers: Words,
    everywhere: Type.Optional(Words),
    money: Type.Optional(Words),
    subjects: Type.Optional(Words),
    narrow_subjects: Type.Optional(Words),
    peripheral_subjects: Type.Optional(Words),
    peripheral_contexts: Type.Optional(
      Type.Record(Type.String({ pattern: GROUP_NAME }), Words, { additionalProperties: false }),
    ),
    narrowing: Type.Optional(Words),
    contrasts: Type.Optional(Type.Array(Words)),
    beyond_limit: Type.Optional(
      Type.Array(
        Type.Object(
          {
            thing: Type.String({ pattern: GROUP_NAME }),
            reads: Type.String({ pattern: GROUP_NAME }),
            measure: Type.String(),
          },
          { additionalProperties: false },
        ),
      ),
    ),
    other_airlines: Type.String(),
    airline_suffixes: Words,
    air_word: Type.String(),
    air_word_endings: Words,
  },
  { additionalProperties: false },
);
export type TravelLexicon = Static<typeof TravelLexiconSchema>;

/**
 * The format of an airline's `knowledge/<lang>/_lexicon.yaml` (documented in knowledge/README.md):
 * its own words in that language, beside its articles.
 */
export const AirlineLexiconSchema = Type.Object(
  {
    /** Words for one thing; a group named like a travel group adds to it. */
    groups: Type.Optional(
      Type.Record(
        Type.String({ pattern: GROUP_NAME }),
        Type.Union([Type.String({ minLength: 1 }), Type.Array(Type.String(), { minItems: 1 })]),
        { additionalProperties: false },
      ),
    ),
    /** Groups that only qualify a question (a fare, a region), never make its topic. */
    qualifiers: Type.Optional(Words),
    /** Groups that make a section's subject (a lounge): a question not naming it asks elsewhere. */
    subjects: Type.Optional(Words),
    /** How replies name what the steward answers about ("baggage, pets, children"). */
    topics: Type.Optional(Type.String({ minLength: 1 })),
    /** More carriers passengers compare this airline with. */
    other_airlines: Type.Optional(Words),
  },
  { additionalProperties: false },
);
export type AirlineLexiconFile = Static<typeof AirlineLexiconSchema>;

/** An airline's lexicon: one validated file per language (each may be missing). */
export type AirlineLexicon = Partial<Record<Language, AirlineLexiconFile>>;

/** Parses and validates one `_lexicon.yaml`; throws a DataFileError naming the file and the field. */
export function parseAirlineLexicon(file: string, text: string): AirlineLexiconFile {
  const lexicon = parseDataFile(file, text, AirlineLexiconSchema);
  const groups = new Set(Object.keys(lexicon.groups ?? {}));
  const known = new Set([...groups, ...Object.keys(travelLexicon().groups)]);
  for (const field of ['qualifiers', 'subjects'] as const) {
    for (const name of lexicon[field] ?? []) {
      if (!known.has(name)) throw new DataFileError(file, `"${field}": no group named "${name}"`);
    }
  }
  return lexicon;
}

/** What the engine knows of the words of one deployment: the travel lexicon plus the airline's. */
export interface Lexicon {
  /** Group name → its words, per language. */
  groups: Record<Language, Map<string, string[]>>;
  /** Groups that only qualify a question. */
  qualifiers: Set<string>;
  /** Groups every article of an airline is about (flying itself): they weigh less in search. */
  everywhere: Set<string>;
  /** Groups a question asks about money by (a refund): a charge answers it, though no price is asked. */
  money: Set<string>;
  /** Groups that make a section's subject (pets, infants): a question not naming it asks elsewhere. */
  subjects: Set<string>;
  /**
   * Subjects that narrow another (guide dogs among pets): a section naming one answers only a
   * question that names it too, whatever other subject of it the question names.
   */
  narrowSubjects: Set<string>;
  /**
   * Subjects beside the journey that many airlines never write about (parking, lounges, meals on
   * board): a question asking about one is answered only when the best section names it, or its
   * article's title, headings or tags do.
   */
  peripheralSubjects: Set<string>;
  /** The cases a peripheral subject is written of as part of another rule (meals: a delay). */
  peripheralContexts: Map<string, string[]>;
  /**
   * Qualifiers that narrow a thing to a case of its own (an electric wheelchair): a text naming
   * one answers a question that does not name it as another case.
   */
  narrowing: Set<string>;
  /**
   * Sets of groups that exclude each other as qualifiers of one thing (the cabin bag and the
   * checked one): a section whose heading names one answers a question naming another of the set
   * poorly.
   */
  contrasts: string[][];
  /**
   * A thing the passenger gives a measure of beyond a limit its article states (a 26 kg bag, an
   * article's "up to 23 kg"), and the group such a question is read with too (overweight).
   */
  beyondLimit: { thing: string; reads: string; measure: string }[];
  /** Other carriers, lower case. */
  otherAirlines: Set<string>;
  airlineSuffixes: string[];
  airWord: string;
  airWordEndings: string[];
  /** How replies name what the steward answers about, per language (from the airline). */
  topics: Partial<Record<Language, string>>;
}

let travel: TravelLexicon | undefined;

/** The travel-domain lexicon shipped with the product (read once). */
export function travelLexicon(): TravelLexicon {
  travel ??= readShippedFile('lexicons', 'travel.yaml', TravelLexiconSchema);
  return travel;
}

function words(value: string | readonly string[]): string[] {
  return (typeof value === 'string' ? value.split(/\s+/) : value.flatMap((w) => w.split(/\s+/)))
    .map((w) => w.trim())
    .filter(Boolean);
}

/** The lexicon an index uses: the shipped travel lexicon with the airline's words added. */
export function buildLexicon(airline: AirlineLexicon = {}): Lexicon {
  const base = travelLexicon();
  const groups: Lexicon['groups'] = { mne: new Map(), en: new Map() };
  for (const [name, byLanguage] of Object.entries(base.groups)) {
    groups.mne.set(name, words(byLanguage.mne));
    groups.en.set(name, words(byLanguage.en));
  }
  const qualifiers = new Set(base.qualifiers);
  const subjects = new Set(base.subjects ?? []);
  const otherAirlines = new Set(words(base.other_airlines).map((w) => w.toLowerCase()));
  const topics: Lexicon['topics'] = {};
  for (const language of ['mne', 'en'] as const) {
    const own = airline[language];
    if (!own) continue;
    for (const [name, list] of Object.entries(own.groups ?? {}))
      groups[language].set(name, [...(groups[language].get(name) ?? []), ...words(list)]);
    for (const name of own.qualifiers ?? []) qualifiers.add(name);
    for (const name of own.subjects ?? []) subjects.add(name);
    for (const name of own.other_airlines ?? []) otherAirlines.add(name.toLowerCase());
    if (own.topics) topics[language] = own.topics;
  }
  return {
    groups,
    qualifiers,
    everywhere: new Set(base.everywhere ?? []),
    money: new Set(base.money ?? []),
    subjects,
    narrowSubjects: new Set(base.narrow_subjects ?? []),
    peripheralSubjects: new Set(base.peripheral_subjects ?? []),
    peripheralContexts: new Map(Object.entries(base.peripheral_contexts ?? {})),
    narrowing: new Set(base.narrowing ?? []),
    contrasts: base.contrasts ?? [],
    beyondLimit: base.beyond_limit ?? [],
    otherAirlines,
    airlineSuffixes: base.airline_suffixes,
    airWord: base.air_word,
    airWordEndings: base.air_word_endings,
    topics,
  };
}
