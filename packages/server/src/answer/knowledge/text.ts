import { stemmer as stemSerbian } from '@orama/stemmers/serbian';
import { stemmer as stemEnglish } from '@orama/stemmers/english';
import type { Language } from '@supersteward/contract';
import { allPacks, languagePack } from '../language/pack.js';

// Every pack's Cyrillic letters with their Latin spelling, so a question typed in Cyrillic meets the
// Latin articles.
let cyrillic: Map<string, string> | undefined;
function cyrillicToLatin(): Map<string, string> {
  cyrillic ??= new Map(allPacks().flatMap((pack) => Object.entries(pack.cyrillic ?? {})));
  return cyrillic;
}

/** Lower case, Latin script, thousands separators removed ("1.500 km" and "1500 km" are one number). */
export function normalizeText(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\u0400-\u04ff]/g, (c) => cyrillicToLatin().get(c) ?? c)
    .replace(/(\d)[.,\u00a0\u202f](?=\d{3}(?!\d))/g, '$1');
}

/**
 * Words and numbers of a text, normalised. Letters and digits glued together are split
 * ("8kg", "55x40x23"); single letters carry no meaning for search and are dropped.
 */
export function tokenize(text: string): string[] {
  // A question is read by several stages (language, small talk, expansion): tokenized once.
  let tokens = tokenized.get(text);
  if (tokens === undefined) {
    tokens = tokenizeText(text);
    if (tokenized.size >= 1_000) tokenized.clear();
    tokenized.set(text, tokens);
  }
  return [...tokens];
}

const tokenized = new Map<string, readonly string[]>();

function tokenizeText(text: string): string[] {
  // "%" is a word passengers spell out ("posto", "percent"): one neutral token for both languages.
  const words =
    normalizeText(text)
      .replaceAll('%', ' percent ')
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const tokens: string[] = [];
  for (const word of words) {
    for (const part of word.match(/\p{L}+|\p{N}+/gu) ?? []) {
      if (/\p{N}/u.test(part) || part.length > 1) tokens.push(part);
    }
  }
  return joinCompounds(tokens);
}

// Two-word names of one thing, written apart or hyphenated ("carry-on"), from the language packs.
let compounds: Map<string, string> | undefined;
function compoundWords(): Map<string, string> {
  compounds ??= new Map(allPacks().flatMap((pack) => Object.entries(pack.compounds ?? {})));
  return compounds;
}

function joinCompounds(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const joined = compoundWords().get(`${tokens[i]} ${tokens[i + 1]}`);
    // Of two compounds that share a word, the second holds it: "carry on board" is carrying
    // something on board, not a carry-on.
    const next = compoundWords().get(`${tokens[i + 1]} ${tokens[i + 2]}`);
    if (joined && !next) {
      // A compound may keep its words beside the one it makes ("collect points" → "collect
      // points loyaltyprogramme"): they still match the same words elsewhere.
      out.push(...joined.split(' '));
      i++;
    } else out.push(tokens[i] as string);
  }
  return out;
}

/**
 * Case and diacritic folding. "đ" is typed both as "dj" and as "d", so a word holding it folds to
 * both spellings; every other Latin diacritic is dropped (č ć → c, š → s, ž → z).
 */
export function foldVariants(word: string): string[] {
  const lower = word.toLowerCase();
  const variants = lower.includes('đ')
    ? [lower.replaceAll('đ', 'dj'), lower.replaceAll('đ', 'd')]
    : [lower];
  return variants.map((v) => v.normalize('NFD').replace(/\p{M}/gu, ''));
}

/** The single folded spelling ("đ" → "dj"): for comparisons against word lists. */
export function fold(word: string): string {
  return foldVariants(word)[0] ?? word;
}

/** What a language pack says of stemming: words kept whole, and forms of one word read as each other. */
interface StemmingRules {
  /** Words whose stem would meet another word's ("checked" bags, "check-in"). */
  unstemmed: Set<string>;
  /** Each form of a `stem_alike` list, folded, with the other forms of its word. */
  alike: Map<string, string[]>;
}

const stemmingRules = new Map<Language, StemmingRules>();
function rulesOf(language: Language): StemmingRules {
  let rules = stemmingRules.get(language);
  if (!rules) {
    const pack = languagePack(language);
    const alike = new Map<string, string[]>();
    for (const list of pack.stem_alike ?? []) {
      const forms = list.map(fold);
      for (const form of forms)
        alike.set(
          form,
          forms.filter((f) => f !== form),
        );
    }
    rules = { unstemmed: new Set((pack.unstemmed ?? []).map(fold)), alike };
    stemmingRules.set(language, rules);
  }
  return rules;
}

/** A stem of at least four letters ending consonant, "ak" (folded: no diacritics). */
const FLEETING_A = /^\p{L}{2,}[bcdfghjklmnprstvz]ak$/u;

/**
 * Index terms of one token: stemmed, then folded (the Serbian stemmer writes "dj" as "đ", so
 * folding comes last). The token is stemmed both as typed and without diacritics, because the
 * stemmer treats "ručnog" and "rucnog" alike only most of the time.
 */
export function stemVariants(token: string, language: Language): string[] {
  if (/^\p{N}+$/u.test(token)) return [token];
  const { unstemmed, alike } = rulesOf(language);
  const out = new Set<string>();
  if (language === 'en') {
    for (const f of foldVariants(token)) out.add(unstemmed.has(f) ? f : stemEnglish(f));
  } else {
    const forms = new Set([token, ...foldVariants(token)]);
    // Words whose forms the stemmer leaves apart ("ime" / "imena"): every form is read as each.
    for (const form of [...forms]) for (const other of alike.get(form) ?? []) forms.add(other);
    for (const form of forms) {
      if (unstemmed.has(fold(form))) {
        out.add(fold(form));
        continue;
      }
      // A noun in -og or -eg the stemmer cuts as an adjective's case ("buldog" to "buld", while
      // its "buldoga" is "buldog"): its genitive's stem too.
      const stems = /[^aeiou](og|eg)$/u.test(form)
        ? [stemSerbian(form), stemSerbian(`${form}a`)]
        : [stemSerbian(form)];
      for (const f of stems.flatMap((stem) => foldVariants(stem))) {
        out.add(f);
        // The fleeting "a" of "višak" / "viška", "mačak" / "mačka": both forms meet.
        const fleeting = FLEETING_A.exec(f);
        if (fleeting) out.add(f.slice(0, -2) + f.slice(-1));
      }
    }
  }
  out.delete('');
  return [...out];
}

/**
 * The languages of the knowledge base, in folder order. Kept here rather than imported as a value
 * from the contract package, so the CLI tools run from sources without a contract build.
 */
export const KNOWLEDGE_LANGUAGES: readonly Language[] = ['mne', 'en'];

/**
 * Whether the word at `at` opens a sentence (or a line), so its capital letter is grammar's, not
 * a name's: only white space lies between it and the text's start, a line break or one of `marks`,
 * or a clause number opening the line. Looks back over the white space alone (and that number),
 * not the whole text before it.
 */
export function opensSentence(text: string, at: number, marks = '.!?:;'): boolean {
  let i = at - 1;
  for (; i >= 0 && /\s/u.test(text[i] ?? ''); i -= 1) if (text[i] === '\n') return true;
  if (i < 0 || marks.includes(text[i] ?? '')) return true;
  // A clause number opening a line or a heading ("### 4.3 How refunds are paid").
  if (i === at - 1 || !/[\d.)]/u.test(text[i] ?? '')) return false;
  let j = i;
  while (j >= 0 && /[\d.)]/u.test(text[j] ?? '')) j -= 1;
  if (!/\d/u.test(text.slice(j + 1, i + 1))) return false;
  while (j >= 0 && /[ \t#]/u.test(text[j] ?? '')) j -= 1;
  return j < 0 || text[j] === '\n';
}

/** A text matched literally inside a regular expression. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
