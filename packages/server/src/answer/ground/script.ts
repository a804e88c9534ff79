import type { Script } from '@supersteward/contract';
import { allPacks, languagePack } from '../language/pack.js';

interface ScriptTables {
  /** Cyrillic letter → Latin spelling (lower case). */
  toLatin: Map<string, string>;
  /** Latin spellings → Cyrillic letter, digraphs first (lower case). */
  toCyrillic: [string, string][];
  keepLatin: Set<string>;
}

let tables: ScriptTables | undefined;

function scriptTables(): ScriptTables {
  if (tables) return tables;
  const toLatin = new Map(allPacks().flatMap((p) => Object.entries(p.cyrillic ?? {})));
  const pack = languagePack('mne');
  const toCyrillic = Object.entries(pack.cyrillic ?? {})
    .map(([cyrillic, latin]): [string, string] => [latin, cyrillic])
    .sort((a, b) => b[0].length - a[0].length);
  tables = { toLatin, toCyrillic, keepLatin: new Set(pack.keep_latin) };
  return tables;
}

const CYRILLIC_LETTER = /[\u0400-\u04ff]/gu;
const LATIN_LETTER = /[a-zA-Z\u00c0-\u024f]/gu;

/** The script a message is written in: Cyrillic when most of its letters are. */
export function detectScript(text: string): Script {
  const cyrillic = text.match(CYRILLIC_LETTER)?.length ?? 0;
  const latin = text.match(LATIN_LETTER)?.length ?? 0;
  return cyrillic > latin ? 'cyrillic' : 'latin';
}

function withCase(source: string, target: string): string {
  if (source === source.toLowerCase()) return target;
  if (source.length > 1 && source === source.toUpperCase()) return target.toUpperCase();
  return target.charAt(0).toUpperCase() + target.slice(1);
}

/** A Cyrillic text in Latin script, case kept ("Ручни пртљаг" → "Ručni prtljag", "ЏАК" → "DŽAK"). */
export function toLatin(text: string): string {
  const { toLatin: map } = scriptTables();
  return text.replace(/\p{L}+/gu, (word) => {
    if (!CYRILLIC_WORD.test(word)) return word;
    const upper = word.length > 1 && word === word.toUpperCase();
    const latin = [...word]
      .map((letter) => {
        const spelled = map.get(letter.toLowerCase());
        return spelled === undefined ? letter : withCase(letter, spelled);
      })
      .join('');
    return upper ? latin.toUpperCase() : latin;
  });
}

const CYRILLIC_WORD = /[\u0400-\u04ff]/u;

// Words left in Latin inside Cyrillic text: with a digit, an address or a link, an acronym, or a
// letter the Montenegrin alphabet lacks (a foreign word or a name: "Wi-Fi", "online").
const KEEP = /\d|@|\/|[qwxy]/iu;
const ACRONYM = /^\p{Lu}{2,}$/u;

/**
 * A Latin Montenegrin text in Cyrillic script, figures untouched: numbers, units and currencies
 * (the pack's `keep_latin`), addresses, acronyms and foreign words stay as written.
 */
export function toCyrillic(text: string): string {
  const { toCyrillic: pairs, keepLatin } = scriptTables();
  return text.replace(/[\p{L}\p{N}@./:_-]+/gu, (word) => {
    const bare = word.replace(/[.:_-]+$/u, '');
    if (KEEP.test(bare) || ACRONYM.test(bare) || keepLatin.has(bare.toLowerCase())) return word;
    let out = '';
    for (let i = 0; i < word.length;) {
      const rest = word.slice(i).toLowerCase();
      const pair = pairs.find(([latin]) => rest.startsWith(latin));
      if (!pair) {
        out += word[i];
        i++;
        continue;
      }
      const source = word.slice(i, i + pair[0].length);
      out += source === source.toLowerCase() ? pair[1] : pair[1].toUpperCase();
      i += pair[0].length;
    }
    return out;
  });
}
