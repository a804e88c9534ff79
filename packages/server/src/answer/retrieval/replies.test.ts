import { describe, expect, it } from 'vitest';
import { mentionsOtherAirline, otherAirlineReply } from './replies.js';

describe('other airlines', () => {
  it('recognises another carrier by name or by its "Air"/"Airlines" form, whatever the case', () => {
    for (const question of [
      "What is Lufthansa's hand luggage limit?",
      'Koliko kosta kofer kod Ryanaira?',
      'kolko kila rucni prtljag kod Wizz Aira',
      'Flying with Croatia Airlines, what about my bag?',
      'Is it the same on Air Serbia?',
    ])
      expect(mentionsOtherAirline(question, 'Lovćen Air'), question).toBe(true);
  });

  it('leaves our own airline and the everyday word "air" alone', () => {
    for (const question of [
      'Koliko kosta kofer kod Lovćen Aira?',
      'LOVĆEN AIR cabin bag',
      'Is the air conditioning on during boarding?',
      'fresh air on board',
    ])
      expect(mentionsOtherAirline(question, 'Lovćen Air'), question).toBe(false);
  });

  it('answers in the question language with the contact and no figures', () => {
    const context = { airlineName: 'Lovćen Air', supportEmail: 'help@airline.test' };
    for (const language of ['mne', 'en'] as const) {
      const reply = otherAirlineReply(language, context);
      expect(reply).toContain('help@airline.test');
      expect(reply).toContain('Lovćen Air');
      expect(reply).not.toMatch(/\d/);
    }
  });
});
