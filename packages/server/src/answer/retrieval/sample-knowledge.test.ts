import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildKnowledgeBase } from '../knowledge/knowledge-index.js';
import { loadKnowledge } from '../knowledge/loader.js';
import { replyTo } from './engine.js';

// The bundled sample knowledge base: the rules below are about how passengers ask about it.
const SAMPLE = fileURLToPath(new URL('../../../../../knowledge', import.meta.url));
const kb = buildKnowledgeBase((await loadKnowledge(SAMPLE)).articles);
const context = { airlineName: 'Lovćen Air', supportEmail: 'help@airline.test' };
const ask = (question: string, language: 'mne' | 'en' = 'mne') =>
  replyTo(kb, question, language, context);

describe('answers from the sample knowledge base', () => {
  it('reads a diminutive as the thing it names (scissors, puppy)', () => {
    expect(ask('jel smiju makazice za nokte u kabinu').text).toMatch(/6 cm/);
    expect(ask('psić u kabini let za Beč koliko košta').text).toMatch(/50 EUR/);
  });

  it('takes a breed for a pet and a larger instrument for its own seat', () => {
    expect(ask('Is it allowed to fly my pug in the hold?', 'en').text).toMatch(/not accepted/);
    expect(ask('Can I take my double bass in the cabin?', 'en').text).toMatch(/seat/);
  });

  it('reads filler ("ok") as no content and "preko neta" as online', () => {
    expect(ask('cijena za skije ako ih prijavim preko neta').text).toMatch(/40 EUR/);
    expect(ask('Are ferrets ok in the cabin?', 'en').sources[0]?.id).toBe('pets-cabin');
  });

  it("adds the rule whose range holds the passenger's measure from another article, and cites both", () => {
    const reply = ask(
      'my son he have 4 year, what price he pay for ticket, same like adult?',
      'en',
    );
    expect(reply.text).toMatch(/75 %/);
    expect(reply.sources.map((s) => s.id)).toContain('infants-children');
    expect(new Set(reply.sources.map((s) => s.id)).size).toBe(reply.sources.length);
  });

  it('adds the limit a measure fails when nothing chosen speaks to the measure', () => {
    const reply = ask(
      'landed in Vienna 2h45 late yesterday, can I claim compensation for that?',
      'en',
    );
    expect(reply.text).toMatch(/3 hours/);
  });

  it('answers in scope despite a word it does not know (zrakoplov, bocu)', () => {
    expect(ask('mogu li u ručni ponijeti bocu vode od pola litre').text).toMatch(/100 ml/);
  });

  it('keeps a place and a price, or a ticket price, out of scope', () => {
    for (const question of [
      'koliko kosta pica u Podgorici',
      'koliko kosta taksi od aerodroma do Budve',
      'How much does a ticket from Tivat to London cost?',
    ]) {
      const reply = ask(question);
      expect(reply.sources, question).toEqual([]);
      expect(reply.text, question).toContain('help@airline.test');
    }
  });

  it('answers a question about another airline with our scope, no figures and no sources', () => {
    const reply = ask('Koliko kosta kofer kod Ryanaira?');
    expect(reply.sources).toEqual([]);
    expect(reply.text).toContain('Lovćen Air');
    expect(reply.text).not.toMatch(/\d/);
  });

  it('finds the topic from the object named: instrument, breed, toiletry, parrot', () => {
    expect(ask('can i bring my violin as hand luggage', 'en').sources[0]?.id).toBe(
      'sports-equipment-instruments',
    );
    expect(ask('imam kontrabas, treba li mu posebno sjediste').text).toMatch(/sjedi/);
    expect(ask('my labrador weighs 35kg, what is the maximum for the hold', 'en').text).toMatch(
      /45 kg/,
    );
    expect(ask('how many ml of toothpaste can I carry in hand luggage', 'en').text).toMatch(
      /100 ml/,
    );
    expect(ask('da li mogu da povedem papagaja u kabinu').sources[0]?.id).toBe('pets-cabin');
  });

  it('leads with the allowance, not the fee for exceeding it, when no price is asked', () => {
    const reply = ask('How heavy and how big can my cabin bag be?', 'en');
    expect(reply.text).toMatch(/^[^.]*8 kg[^.]*55 × 40 × 23 cm/);
    expect(reply.text).not.toMatch(/^[^.]*EUR 50/);
  });

  it('quotes both sections a question without a figure matches equally', () => {
    const guitar = ask('Can I take my guitar on board?', 'en').text;
    expect(guitar).toContain('8 kg');
    expect(guitar).toContain('seat');
    expect(ask('Can I bring my dog or cat in the cabin?', 'en').text).toContain('8 kg');
  });

  it('answers a time of day for opening hours, and the age rule for an age', () => {
    expect(ask('U koliko sati radi call centar?').text).toMatch(/07:00/);
    expect(ask('Klinac od 4 godine moze li sam putovati ako ga neko doceka').text).toMatch(/16/);
    expect(ask('what does a 1 year old baby pay', 'en').text).toMatch(/10 %/);
  });
});

describe('ranking', () => {
  it('scores passages in the order it ranks them, so no later passage outweighs the best', () => {
    const { results } = kb.analyze(
      'my kids are 7 and 9 and fly alone, price for the second child?',
      'en',
    );
    const scores = results.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(ask('Koliko macaka smijem staviti u jednu torbu u kabini?').text).toMatch(/najviše 2/);
  });
});
