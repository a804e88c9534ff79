import { Type, type Static } from '@sinclair/typebox';
import type { Language } from '@supersteward/contract';
import { readShippedFile } from './data-files.js';

const Patterns = Type.Array(Type.String());
const Words = Type.Array(Type.String());

const IntentPatterns = Type.Object(
  { asks: Type.Optional(Patterns), gives: Type.Optional(Patterns) },
  { additionalProperties: false },
);

/**
 * The names of the figures a question can ask for. Of two asked by the same words, the earlier
 * here is read first: a bottle's size is its volume ("How big can my shampoo bottles be?").
 */
export const INTENT_NAMES = [
  'clock',
  'price',
  'weight',
  'volume',
  'size',
  'time',
  'age',
  'count',
  'contact',
  'email',
] as const;
export type IntentName = (typeof INTENT_NAMES)[number];

/** The kinds of small talk, in the order a message holding several is answered. */
export const SMALL_TALK_KINDS = ['thanks', 'goodbye', 'bot', 'greeting'] as const;
export type SmallTalkKind = (typeof SMALL_TALK_KINDS)[number];

export const UNIT_KINDS = [
  'time',
  'days',
  'weeks',
  'years',
  'months',
  'distance',
  'weight',
  'size',
  'money',
  'volume',
  'energy',
  'percent',
] as const;
export type UnitKind = (typeof UNIT_KINDS)[number];

const Replies = Type.Object(
  {
    greeting: Type.String(),
    thanks: Type.String(),
    goodbye: Type.String(),
    bot: Type.String(),
    out_of_scope: Type.String(),
    other_airline: Type.String(),
    topics: Type.String(),
  },
  { additionalProperties: false },
);

/** The format of `packages/server/language-packs/<lang>.yaml` (documented in the file itself). */
export const LanguagePackSchema = Type.Object(
  {
    language: Type.Union([Type.Literal('mne'), Type.Literal('en')]),
    name: Type.String(),
    base_stop_words: Type.Union([Type.Literal('hrv'), Type.Literal('eng')]),
    stop_words: Type.String(),
    own_letters: Type.String(),
    guess_inflections: Type.Optional(Type.Boolean()),
    clipped_endings: Type.Optional(Type.Record(Type.String(), Type.String())),
    cyrillic: Type.Optional(Type.Record(Type.String(), Type.String())),
    keep_latin: Words,
    unstemmed: Type.Optional(Words),
    stem_alike: Type.Optional(Type.Array(Words)),
    /**
     * Two words read as what they name together ("carry on": "carryon"); the words of the value
     * are read in their place, so a compound may keep its own words beside the one it makes.
     */
    compounds: Type.Optional(Type.Record(Type.String(), Type.String())),
    qa_markers: Type.Optional(Type.Object({ question: Words, answer: Words })),
    page_footer: Type.Optional(Type.String()),
    see_words: Type.Optional(Words),
    negators: Type.Optional(Words),
    diminutives: Type.Optional(
      Type.Object({ endings: Words, base_vowels: Words }, { additionalProperties: false }),
    ),
    abbreviations: Words,
    small_talk: Type.Object(
      { thanks: Words, goodbye: Words, bot: Words, greeting: Words },
      { additionalProperties: false },
    ),
    replies: Replies,
    /** Words pointing back at what the message named before ("what is the fee for it?"). */
    back_references: Type.Optional(Words),
    /** Openings of a sentence that illustrates the one before it ("For example: a pug…"). */
    example_openings: Type.Optional(Words),
    /** Openings of a heading over a worked example ("Worked example: a guide dog to Copenhagen"). */
    example_headings: Type.Optional(Words),
    /** Labels of a claim the text goes on to refute ("Myth: …"): the claim is no rule. */
    refuted_labels: Type.Optional(Words),
    /**
     * How a text reports what someone proposed rather than what was decided ("A fee of EUR 35 was
     * proposed and rejected"), matched on the folded sentence: the figure proposed is no rule.
     */
    proposals: Type.Optional(Type.Array(Type.String())),
    /**
     * The months, January first, each a pattern of its written forms ("jul|jula|julu"), so that a
     * passenger's date ("20 July", "mid August") is read against a rule's ("from 15 June to 15
     * September"); `month_context`, the words a month alone follows ("in", "krajem"), as "may" is
     * also a verb; `month_parts`, the words that place a month alone early or late in it.
     */
    months: Type.Optional(Type.Array(Type.String(), { minItems: 12, maxItems: 12 })),
    month_context: Type.Optional(Patterns),
    month_parts: Type.Optional(
      Type.Object({ early: Patterns, late: Patterns }, { additionalProperties: false }),
    ),
    /**
     * How a text says a figure is no longer in force beside the one that is ("EUR 45, not EUR 40"):
     * patterns in which OLD stands for the old figure and NEW, where given, for the current one.
     */
    replaced_figures: Type.Optional(Patterns),
    follow_up_openings: Words,
    asks_for_steps: Patterns,
    asks_how: Patterns,
    /** Headings of a section that says how to do something ("How to claim", "Postupak"). */
    how_headings: Type.Optional(Patterns),
    asks_yes_no: Type.Optional(Patterns),
    asks_action: Type.Optional(Patterns),
    asks_existence: Type.Optional(Patterns),
    asks_company: Type.Optional(Patterns),
    asks_live: Type.Optional(
      Type.Array(
        Type.Object(
          { asks: Patterns, unless: Type.Optional(Patterns) },
          { additionalProperties: false },
        ),
      ),
    ),
    yes_no_words: Type.Optional(Words),
    intents: Type.Partial(
      Type.Object(
        Object.fromEntries(INTENT_NAMES.map((name) => [name, IntentPatterns])) as {
          [K in IntentName]: typeof IntentPatterns;
        },
        { additionalProperties: false },
      ),
    ),
    how_large: Type.String(),
    interrogatives: Type.Optional(Type.String()),
    /** Words joining two questions in one sentence ("… and does it need packing?"). */
    conjunctions: Type.Optional(Words),
    age_given: Type.String(),
    condition_verbs: Words,
    /** Phrases that set a condition of the ask, never the ask ("without paying"). */
    condition_phrases: Type.Optional(Patterns),
    numerals: Type.Record(Type.String(), Type.Number()),
    /**
     * Units of other systems, read in metric ones ("20 lb" as 9 kg, "66 inches" as 168 cm): the
     * unit's words, the factor to the metric unit, and that unit as the packs write it.
     */
    metric: Type.Optional(
      Type.Array(
        Type.Object(
          { pattern: Type.String(), factor: Type.Number(), unit: Type.String() },
          { additionalProperties: false },
        ),
      ),
    ),
    /** Words written between a size's three measures besides "×" and "x" ("40 by 30 by 15 cm"). */
    dimension_words: Type.Optional(Words),
    /**
     * Words that name a product by its rank rather than its name ("the cheapest ticket",
     * "najjeftinija karta"), by kind; the same kinds in every pack. The articles say which product
     * holds the rank ("Bura, our lowest fare").
     */
    ranks: Type.Optional(
      Type.Record(
        Type.String(),
        Type.Object({ words: Type.String(), asks: Type.String() }, { additionalProperties: false }),
      ),
    ),
    /**
     * Numbers written in words, read as figures before a unit ("twenty-three kilos", "dvadeset
     * tri kilograma", "two hours"): each word and its value; tens before a unit word add up.
     */
    number_words: Type.Optional(Type.Record(Type.String(), Type.Number())),
    units: Type.Object(
      Object.fromEntries(UNIT_KINDS.map((kind) => [kind, Patterns])) as {
        [K in UnitKind]: typeof Patterns;
      },
      { additionalProperties: false },
    ),
    question_rewrites: Type.Optional(
      Type.Array(
        Type.Object(
          // `when`: a pattern the question must hold somewhere for the rewrite to apply (a context
          // word before or after), tested once, not at every position as a lookaround would be.
          { when: Type.Optional(Type.String()), pattern: Type.String(), replace: Type.String() },
          { additionalProperties: false },
        ),
      ),
    ),
    figure_rewrites: Type.Optional(
      Type.Array(
        Type.Object(
          { pattern: Type.String(), replace: Type.String() },
          { additionalProperties: false },
        ),
      ),
    ),
    /**
     * Words before a figure that make it approximate ("about 20 kg", "roughly 45 minutes"), and
     * words that before an amount of money make it a starting price ("from EUR 35"): a summary's
     * figures, which the detailed articles state exactly.
     */
    approximate: Type.Optional(
      Type.Object({ words: Patterns, prices: Patterns }, { additionalProperties: false }),
    ),
    bounds: Type.Object(
      { up_to: Patterns, from: Patterns, range: Patterns, measure_of: Type.Optional(Words) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type LanguagePack = Static<typeof LanguagePackSchema>;

const packs = new Map<Language, LanguagePack>();

/**
 * The language pack shipped with the product (`packages/server/language-packs/<lang>.yaml`): how
 * the engine reads the language, true for any airline. Read once; a broken pack stops the start.
 */
export function languagePack(language: Language): LanguagePack {
  let pack = packs.get(language);
  if (!pack) {
    pack = readShippedFile('language-packs', `${language}.yaml`, LanguagePackSchema);
    packs.set(language, pack);
  }
  return pack;
}

/** Every shipped pack, Montenegrin first (the folder order of the knowledge base). */
export function allPacks(): LanguagePack[] {
  return [languagePack('mne'), languagePack('en')];
}
