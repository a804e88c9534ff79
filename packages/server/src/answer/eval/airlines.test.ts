import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadKnowledge } from '../knowledge/loader.js';
import { findSampleAirlines, readSampleAirline } from './airlines.js';
import { caseKind, matches, parseEvalFile } from './matchers.js';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const airlines = await findSampleAirlines(ROOT);

describe('the sample airlines of the repository', () => {
  it('are the bundled Lovćen Air and the airlines in knowledge-samples/', () => {
    const ids = airlines.map((a) => a.id);
    expect(ids[0]).toBe('lovcen-air');
    expect(airlines[0]!.knowledgeDir).toBe(path.join(ROOT, 'knowledge'));
    expect(ids).toContain('tara-wings');
    expect(airlines.find((a) => a.id === 'durmitor-jet')?.unseen).toBe(true);
  });

  it('require the dev sets of the bundled airline only as the manifests say', () => {
    const required = airlines.flatMap((a) =>
      a.sets.filter((s) => s.required).map((s) => `${a.id}/${s.name}`),
    );
    expect(required).toContain('lovcen-air/dev');
    // Holdouts and unseen airlines are never required: the engine is not tuned on them.
    for (const airline of airlines) {
      for (const set of airline.sets.filter((s) => s.required)) {
        expect(set.holdout, `${airline.id}/${set.name}`).toBe(false);
        expect(airline.unseen, airline.id).toBe(false);
      }
    }
  });

  describe.each(airlines.map((a) => [a.id, a] as const))('%s', (_id, airline) => {
    it('loads with the real loader: every article in both languages, no warnings', async () => {
      const { articles, warnings } = await loadKnowledge(airline.knowledgeDir);
      expect(warnings).toEqual([]);
      const ids = (language: string) =>
        articles
          .filter((a) => a.language === language)
          .map((a) => a.id)
          .sort();
      // A knowledge base may be a few long articles (Komovi Air has 6 a language, Zeta Air's
      // pasted conditions of carriage 8) or many short ones, some a single section (Prokletije
      // Air's help centre), or long prose under two or three broad headings an article (Ulcinj
      // Air's guide): it must hold at least 6 articles and 14 sections.
      expect(ids('mne').length).toBeGreaterThanOrEqual(6);
      expect(ids('en')).toEqual(ids('mne'));
      for (const article of articles) {
        expect(article.sections.length, article.file).toBeGreaterThanOrEqual(1);
      }
      for (const language of ['mne', 'en']) {
        const sections = articles
          .filter((a) => a.language === language)
          .reduce((sum, a) => sum + a.sections.length, 0);
        expect(sections, language).toBeGreaterThanOrEqual(14);
      }
    });

    it('has a support e-mail that is written in its contact article', async () => {
      if (!airline.env.SUPPORT_EMAIL) return; // the bundled airline uses the server's default
      const { articles } = await loadKnowledge(airline.knowledgeDir);
      const text = articles.map((a) => a.sections.map((s) => s.text).join('\n')).join('\n');
      expect(text).toContain(airline.env.SUPPORT_EMAIL);
    });

    it('has question sets that parse, with valid matchers and unique ids', async () => {
      // An unseen airline has only blind sets: nobody develops on it.
      if (airline.unseen) expect(airline.sets.every((s) => s.holdout)).toBe(true);
      else expect(airline.sets.map((s) => s.name)).toContain('dev');
      const seen = new Set<string>();
      for (const set of airline.sets) {
        const cases = parseEvalFile(await readFile(set.file, 'utf8'), set.file);
        expect(cases.length, set.file).toBeGreaterThan(0);
        expect(new Set(cases.map((c) => c.lang)), set.file).toEqual(new Set(['mne', 'en']));
        for (const testCase of cases) {
          expect(seen.has(testCase.id), `${set.file}: ${testCase.id} twice`).toBe(false);
          seen.add(testCase.id);
        }
      }
    });

    it("expects only figures and wording its articles in the question's language hold", async () => {
      const { articles } = await loadKnowledge(airline.knowledgeDir);
      const text = (language: string) =>
        articles
          .filter((a) => a.language === language)
          .flatMap((a) => [a.title, a.intro, ...a.sections.flatMap((s) => [s.heading, s.text])])
          .join('\n');
      const knowledge = { mne: text('mne'), en: text('en') };
      const context = { supportEmail: 'x@y.z', languageOf: () => 'mne' as const };
      for (const set of airline.sets) {
        for (const testCase of parseEvalFile(await readFile(set.file, 'utf8'), set.file)) {
          if (caseKind(testCase) !== 'answer') continue;
          const reply = {
            content: knowledge[testCase.lang],
            sources: [{ id: 'all', title: 'all' }],
          };
          // An anchored pattern checks the reply's shape (what it starts with), not a fact.
          for (const expectation of testCase.expect.filter((e) => !e.startsWith('re:^'))) {
            expect(
              matches(expectation, reply, testCase, context),
              `${testCase.id} ${expectation}`,
            ).toBe(true);
          }
        }
      }
    });

    it('asks about its policies, and a tenth or so out of scope, in its first set', async () => {
      const first = airline.sets[0]!;
      const cases = parseEvalFile(await readFile(first.file, 'utf8'), first.file);
      const outOfScope = cases.filter((c) => caseKind(c) === 'out-of-scope').length;
      expect(outOfScope).toBeGreaterThan(0);
      expect(cases.filter((c) => caseKind(c) === 'answer').length).toBeGreaterThan(outOfScope);
    });
  });
});

describe('readSampleAirline', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });
  async function evalDir(manifest: unknown, sets: string[]): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), 'eval-airline-'));
    dirs.push(dir);
    await mkdir(path.join(dir, 'eval'));
    await writeFile(path.join(dir, 'eval', 'eval.json'), JSON.stringify(manifest));
    for (const name of sets) await writeFile(path.join(dir, 'eval', `${name}.jsonl`), '');
    return path.join(dir, 'eval');
  }

  it('lists dev first, then other sets, then the holdouts in numeric order', async () => {
    const dir = await evalDir({ airline: 'x-air', knowledge: '..', required: ['dev'] }, [
      'holdout10',
      'holdout2',
      'holdout',
      'extra',
      'dev',
    ]);
    const airline = await readSampleAirline(dir);
    expect(airline.sets.map((s) => s.name)).toEqual([
      'dev',
      'extra',
      'holdout',
      'holdout2',
      'holdout10',
    ]);
    expect(airline.sets.map((s) => s.required)).toEqual([true, false, false, false, false]);
    expect(airline.sets.map((s) => s.passShare)).toEqual([1, 1, 1, 1, 1]);
    expect(airline.sets.map((s) => s.holdout)).toEqual([false, false, true, true, true]);
    expect(airline.knowledgeDir).toBe(path.dirname(dir));
    expect(airline.unseen).toBe(false);
  });

  it('names the manifest and the problem', async () => {
    const missing = await evalDir({ airline: 'x-air', knowledge: '..', required: ['dev'] }, []);
    await expect(readSampleAirline(missing)).rejects.toThrow(
      /eval\.json: required set "dev\.jsonl" not found/,
    );
    const bad = await evalDir({ airline: 'X Air', knowledge: '..', required: [] }, []);
    await expect(readSampleAirline(bad)).rejects.toThrow(/eval\.json: \/airline/);
    const share = await evalDir(
      { airline: 'x-air', knowledge: '..', required: [], pass_share: { dev: 0.9 } },
      ['dev'],
    );
    await expect(readSampleAirline(share)).rejects.toThrow(/pass_share names "dev"/);
    const extra = await evalDir({ airline: 'x', knowledge: '..', required: [], other: 1 }, []);
    await expect(readSampleAirline(extra)).rejects.toThrow(/eval\.json/);
  });
});
