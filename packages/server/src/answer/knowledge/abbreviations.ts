/**
 * The codes an airline's glossary defines and its articles then use bare ("STD – scheduled
 * departure time"). A passenger asks in words ("when does the gate close before departure?") of
 * articles that answer in codes ("Gate closes STD -15 min"), so a code stands for the words that
 * define it. Only glossary lines count: a code in brackets after some words ("… the report number
 * (PIR)") too often follows words that do not define it (measured worse).
 */

const CODE = String.raw`[A-Z][A-Z0-9]{1,6}`;
/** A glossary line: "STD – scheduled departure time, local time", "- **PIR**: the report …". */
const DEFINITION_LINE = new RegExp(
  String.raw`^\s*(?:[-*•]\s+)?\**(${CODE})\**\s*(?:[–—:=]|-(?=\s))\s*(.+)$`,
  'u',
);
/** The definition ends at the first clause break. */
const CLAUSE_END = /\s+[–—-]\s+|[.,;:(]/u;
const MAX_WORDS = 6;

function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The defining words: the text up to the first clause break, at most a few words, no figures,
 * not opening with a function word ("see …", "the …": a cross reference or a sentence).
 */
function definition(text: string, isStopWord: (word: string) => boolean): string | undefined {
  // A bracketed aside is no clause break: "predati (čekirani) prtljag" is "predati prtljag".
  const head =
    text
      .replace(/\s*\([^()]*\)/gu, '')
      .split(CLAUSE_END)[0]
      ?.trim() ?? '';
  const found = words(head);
  const first = found[0];
  if (!first || isStopWord(first.toLowerCase()) || found.length > MAX_WORDS || /\d/.test(head))
    return undefined;
  return found.join(' ');
}

/**
 * The codes the texts define, lower-cased, each with the words that define it (the fullest
 * definition wins). A code the texts also write in lower case ("BAG" beside "bag") is a word of
 * the language and is left alone.
 */
export function findAbbreviations(
  texts: readonly string[],
  isStopWord: (word: string) => boolean,
): Map<string, string> {
  const found = new Map<string, string>();
  const add = (code: string, text: string | undefined) => {
    const key = code.toLowerCase();
    const meaning = text && definition(text, isStopWord);
    if (!meaning || meaning.toLowerCase() === key) return;
    // Of two definitions, the fuller: an article's own line is often shorter than the glossary's.
    if (words(meaning).length > words(found.get(key) ?? '').length) found.set(key, meaning);
  };
  for (const text of texts) {
    for (const line of text.split('\n')) {
      const match = DEFINITION_LINE.exec(line);
      // "BURA: Change fee: EUR 49" is a table's row, not a definition.
      if (match && !(line.includes(':') && (match[2] ?? '').includes(':')))
        add(match[1] ?? '', match[2]);
    }
  }
  const lowerCase = new Set(
    texts.flatMap((text) => text.match(/\b\p{Ll}[\p{Ll}\p{N}]*\b/gu) ?? []),
  );
  for (const code of found.keys()) if (lowerCase.has(code)) found.delete(code);
  return found;
}

/** A line that defines a short term: "Jasen – standard fare", "- **XL seat** – extra legroom seat". */
const TERM_LINE = /^\s*(?:[-*•]\s+)?\**([^\s–—:=*][^–—:=*]{0,30}?)\**\s+[–—]\s+\S/u;
const MIN_TERMS = 4;
const MIN_TERM_SHARE = 0.8;

/**
 * Whether a section is a glossary: line after line a term of at most three words and what it
 * means. It tells the words of the other articles, not a rule: the articles that use the terms
 * hold the rules. A few coded lines among sentences ("WCHR – can walk but …" under a heading on
 * wheelchairs) are the rule itself.
 */
export function isDefinitionList(text: string): boolean {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const terms = lines.filter((line) => {
    const match = TERM_LINE.exec(line);
    return match !== null && (match[1] ?? '').trim().split(/\s+/u).length <= 3;
  });
  return terms.length >= MIN_TERMS && terms.length >= MIN_TERM_SHARE * lines.length;
}
