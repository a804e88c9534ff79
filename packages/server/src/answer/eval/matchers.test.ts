import { describe, expect, it } from 'vitest';
import { caseKind, expectationProblem, matches, parseEvalFile, type EvalCase } from './matchers.js';

const CASE: EvalCase = { id: 't', lang: 'mne', question: 'q', expect: [] };
const context = { supportEmail: 'podrska@lovcenair.example', languageOf: () => 'mne' as const };
const test = (expectation: string, content: string, sources = [{ id: 'a', title: 'A' }]) =>
  matches(expectation, { content, sources }, CASE, context);

describe('eval matchers', () => {
  it('kg and cm: the number followed by the unit', () => {
    expect(test('kg:8', 'do 8 kg')).toBe(true);
    expect(test('kg:8', 'do 8kg')).toBe(true);
    expect(test('kg:8', 'do 18 kg')).toBe(false);
    expect(test('kg:8', 'do 8 kila')).toBe(false);
    expect(test('cm:158', 'najviše 158 cm')).toBe(true);
    expect(test('cm:158', '1158 cm')).toBe(false);
  });

  it('eur: before or after the number, with € and decimals', () => {
    for (const text of ['EUR 50', '50 EUR', '€50', '50 €', '50,00 €', 'košta 50   eur.'])
      expect(test('eur:50', text)).toBe(true);
    expect(test('eur:50', 'EUR 500')).toBe(false);
    expect(test('eur:50', '150 EUR')).toBe(false);
    expect(test('eur:5', 'EUR 5,000')).toBe(false);
  });

  it('dims: three numbers joined by x, × or *', () => {
    expect(test('dims:55x40x23', '55 × 40 × 23 cm')).toBe(true);
    expect(test('dims:55x40x23', '55x40x23')).toBe(true);
    expect(test('dims:55x40x23', '55 * 40 * 23')).toBe(true);
    expect(test('dims:55x40x23', '55 × 40 × 230')).toBe(false);
  });

  it('h and pct', () => {
    for (const text of ['48 h', '48h', '48 hours', '48 sati', '48 sata', '48 časova'])
      expect(test('h:48', text)).toBe(true);
    expect(test('h:48', '48 minuta')).toBe(false);
    for (const text of ['10 %', '10%', '10 posto', '10 percent'])
      expect(test('pct:10', text)).toBe(true);
    expect(test('pct:10', '110 %')).toBe(false);
  });

  it('re: a case-insensitive regular expression on folded white space', () => {
    expect(test('re:40\\s*min', 'zatvara se 40\n  MINUTA prije')).toBe(true);
    expect(test('re:\\b5\\b', 'od 15 godina')).toBe(false);
  });

  it('unknown: the contact, the question language, no sources, no figures', () => {
    const reply = 'Nažalost, ne mogu pomoći. Pišite na podrska@lovcenair.example.';
    expect(test('unknown', reply, [])).toBe(true);
    expect(test('unknown', reply)).toBe(false);
    expect(test('unknown', 'Nažalost, ne mogu pomoći.', [])).toBe(false);
    expect(test('unknown', `${reply} Prtljag do 8 kg.`, [])).toBe(false);
    expect(
      matches('unknown', { content: reply, sources: [] }, CASE, {
        ...context,
        languageOf: () => 'en',
      }),
    ).toBe(false);
  });

  it('smalltalk: words in the question language, no sources, no figures', () => {
    expect(test('smalltalk', 'Nema na čemu! Srećan put.', [])).toBe(true);
    expect(test('smalltalk', 'Nema na čemu!')).toBe(false);
    expect(test('smalltalk', '', [])).toBe(false);
    expect(test('smalltalk', 'Ručni prtljag do 8 kg.', [])).toBe(false);
  });

  it('sorts questions into answers, out of scope and small talk', () => {
    expect(caseKind({ ...CASE, expect: ['kg:8'] })).toBe('answer');
    expect(caseKind({ ...CASE, expect: ['unknown'] })).toBe('out-of-scope');
    expect(caseKind({ ...CASE, expect: ['smalltalk', 're:hvala'] })).toBe('small-talk');
  });

  it('names what is wrong with an expectation', () => {
    for (const good of ['kg:8', 'eur:12.50', 'dims:55x40x23', 'h:48', 'pct:10', 're:a|b'])
      expect(expectationProblem(good), good).toBeNull();
    expect(expectationProblem('unknown')).toBeNull();
    expect(expectationProblem('smalltalk')).toBeNull();
    expect(expectationProblem('kg8')).toMatch(/unknown matcher "kg8"/);
    expect(expectationProblem('eur:abc')).toMatch(/needs a number/);
    expect(expectationProblem('dims:55x40')).toMatch(/three numbers/);
    expect(expectationProblem('re:(')).toMatch(/re:/);
    expect(expectationProblem('unknown:x')).toMatch(/no value/);
  });

  it('rejects an unknown expectation kind', () => {
    expect(() => test('lbs:5', 'x')).toThrow(/unknown expectation/);
  });

  it('parses eval files and names the bad line', () => {
    expect(
      parseEvalFile('{"id":"a","lang":"en","question":"q","expect":["kg:8"]}\n\n', 'f'),
    ).toHaveLength(1);
    expect(() => parseEvalFile('{"id":"a"}', 'f.jsonl')).toThrow(/f\.jsonl:1/);
    expect(() => parseEvalFile('nope', 'f.jsonl')).toThrow(/f\.jsonl:1: not JSON/);
    expect(() =>
      parseEvalFile('{"id":"a","lang":"en","question":"q","expect":["kg:8","eur:x"]}', 'f.jsonl'),
    ).toThrow(/f\.jsonl:1: "eur:" needs a number in "eur:x"/);
    expect(() =>
      parseEvalFile('{"id":"a","lang":"en","question":"q","expect":[]}', 'f.jsonl'),
    ).toThrow(/empty/);
  });
});
