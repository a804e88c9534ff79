import { oncePerText } from '../knowledge/per-text.js';
import { allPacks } from '../language/pack.js';

// Abbreviations after which a full stop does not end the sentence (every language pack's).
let abbreviations: Set<string> | undefined;
function isAbbreviation(word: string): boolean {
  abbreviations ??= new Set(allPacks().flatMap((p) => p.abbreviations));
  return abbreviations.has(word);
}

/** The sentences of a plain-text passage: each line, cut at sentence ends (read once per text). */
export const splitSentences = oncePerText(splitText);

function splitText(text: string): string[] {
  const sentences: string[] = [];
  for (const line of text.split('\n')) {
    let start = 0;
    const boundary = /[.!?…]+["”»)]?\s+(?=[\p{Lu}\p{N}„"«(])/gu;
    for (const match of line.matchAll(boundary)) {
      const end = match.index + match[0].trimEnd().length;
      const before = /([\p{L}.]+)[.!?…]+["”»)]?$/u.exec(line.slice(start, end));
      const word = before?.[1]?.toLowerCase().replace(/\.$/, '');
      if (word && isAbbreviation(word) && line[end - 1] === '.') continue;
      sentences.push(line.slice(start, end).trim());
      start = match.index + match[0].length;
    }
    const rest = line.slice(start).trim();
    if (rest) sentences.push(rest);
  }
  return sentences.filter((s) => /[\p{L}\p{N}]/u.test(s));
}
