// Abbreviations after which a full stop does not end the sentence.
const ABBREVIATIONS = new Set([
  'npr',
  'tj',
  'itd',
  'sl',
  'br',
  'str',
  'cca',
  'eg',
  'e.g',
  'ie',
  'i.e',
  'etc',
  'approx',
  'vs',
  'st',
  'dr',
  'mr',
  'mrs',
  'ms',
  'maks',
]);

/** The sentences of a plain-text passage: each line, cut at sentence ends. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const line of text.split('\n')) {
    let start = 0;
    const boundary = /[.!?…]+["”»)]?\s+(?=[\p{Lu}\p{N}„"«(])/gu;
    for (const match of line.matchAll(boundary)) {
      const end = match.index + match[0].trimEnd().length;
      const before = /([\p{L}.]+)[.!?…]+["”»)]?$/u.exec(line.slice(start, end));
      const word = before?.[1]?.toLowerCase().replace(/\.$/, '');
      if (word && ABBREVIATIONS.has(word) && line[end - 1] === '.') continue;
      sentences.push(line.slice(start, end).trim());
      start = match.index + match[0].length;
    }
    const rest = line.slice(start).trim();
    if (rest) sentences.push(rest);
  }
  return sentences.filter((s) => /[\p{L}\p{N}]/u.test(s));
}
