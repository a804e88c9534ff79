import { describe, expect, it } from 'vitest';
import { DataFileError, parseDataFile } from './data-files.js';
import { languagePack, LanguagePackSchema, SMALL_TALK_KINDS } from './pack.js';

describe('language packs', () => {
  it('ships a valid pack per language, with every reply and regular expressions that compile', () => {
    for (const language of ['mne', 'en'] as const) {
      const pack = languagePack(language);
      expect(pack.language).toBe(language);
      for (const kind of SMALL_TALK_KINDS) expect(pack.replies[kind]).toMatch(/{airline}|{email}/);
      expect(pack.replies.out_of_scope).toContain('{email}');
      const patterns = [
        ...pack.asks_for_steps,
        ...pack.asks_how,
        pack.how_large,
        pack.age_given,
        ...Object.values(pack.intents).flatMap((i) => [...(i.asks ?? []), ...(i.gives ?? [])]),
      ];
      for (const source of patterns) expect(() => new RegExp(source, 'u')).not.toThrow();
      // Compounds join two words that follow each other; a longer key would never match.
      for (const key of Object.keys(pack.compounds ?? {}))
        expect(key.split(' '), key).toHaveLength(2);
    }
  });

  it('refuses a pack missing a field, naming the file and the field', () => {
    const error = (() => {
      try {
        parseDataFile('xx.yaml', 'language: mne\nname: X\n', LanguagePackSchema);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(DataFileError);
    expect((error as DataFileError).message).toMatch(/^xx\.yaml: /);
  });
});
