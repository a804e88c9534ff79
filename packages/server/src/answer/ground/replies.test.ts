import { buildLexicon } from '../lexicon/lexicon.js';
import { describe, expect, it } from 'vitest';
import {
  mentionsOtherAirline,
  otherAirlineReply,
  outOfScopeReply,
  saysGoodbye,
  smallTalkKind,
  smallTalkReply,
  withoutOpeningGreeting,
} from './replies.js';

describe('other airlines', () => {
  it('recognises another carrier by name or by its "Air"/"Airlines" form, whatever the case', () => {
    for (const question of [
      "What is Lufthansa's hand luggage limit?",
      'Koliko kosta kofer kod Ryanaira?',
      'kolko kila rucni prtljag kod Wizz Aira',
      'Flying with Croatia Airlines, what about my bag?',
      'Is it the same on Air Serbia?',
    ])
      expect(mentionsOtherAirline(question, 'Lovćen Air', buildLexicon()), question).toBe(true);
  });

  it('leaves our own airline and the everyday word "air" alone', () => {
    for (const question of [
      'Koliko kosta kofer kod Lovćen Aira?',
      'LOVĆEN AIR cabin bag',
      'Is the air conditioning on during boarding?',
      'fresh air on board',
      'The airline delivered my bag 3 days late',
      'your airline lost my bag, is this airline any good?',
    ])
      expect(mentionsOtherAirline(question, 'Lovćen Air', buildLexicon()), question).toBe(false);
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

describe('small talk', () => {
  it('tells thanks, goodbye, "are you a bot" and greetings apart, in either language', () => {
    const kinds: [string, string | undefined][] = [
      ['hvala', 'thanks'],
      ['Hvala puno!', 'thanks'],
      ['thank you', 'thanks'],
      ['thanks, bye', 'thanks'],
      ['Hi there!', 'greeting'],
      ['Dobar dan', 'greeting'],
      ['are you a bot?', 'bot'],
      ['Laku noć', 'goodbye'],
      ['ko si ti?', 'bot'],
      ['what can you do?', 'bot'],
      ['kako ste?', 'greeting'],
      ['thank you so much, that helped', 'thanks'],
      ['Hvala na pomoći, pomogli ste!', 'thanks'],
      ['hvala puno, mnogo ste mi pomogli', 'thanks'],
      ['Hi, how are you?', 'greeting'],
      ['Dobar dan, imam pitanje', 'greeting'],
      ['have a nice day', 'goodbye'],
      ['Jesi li čovjek?', 'bot'],
      ['I need help with my baggage', undefined],
      ['Imam pitanje o prtljagu', undefined],
      ["that's all, thanks", 'thanks'],
      ['What can I bring?', undefined],
      ['Hvala, a koliko košta kofer?', undefined],
      ['Can I?', undefined],
    ];
    for (const [message, kind] of kinds) expect(smallTalkKind(message), message).toBe(kind);
    // Read as the engine reads a longer message: every word a phrase or a stop word.
    const longer = { maxTokens: 12, otherWords: 0 };
    expect(smallTalkKind('ko te je napravio? jesi li ti pravi covjek il robot', longer)).toBe(
      'bot',
    );
    expect(smallTalkKind('hvala puno, spasili ste me', longer)).toBe('thanks');
    expect(smallTalkKind('thanks, you saved me', longer)).toBe('thanks');
    // A message that only announces its questions about the flight is a greeting.
    expect(smallTalkKind('Dobar dan, imam par pitanja za let', longer)).toBe('greeting');
    expect(smallTalkKind('Hi, I have a couple of questions about my flight', longer)).toBe(
      'greeting',
    );
    expect(smallTalkKind('imam par pitanja za let u Beč, koliko košta kofer?', longer)).toBe(
      undefined,
    );
  });

  it('replies to thanks as thanks, with the airline filled in and its topics when it names them', () => {
    const context = {
      airlineName: 'Test Air',
      supportEmail: 'help@airline.test',
      topics: { mne: 'prtljag i ljubimci' },
    };
    expect(smallTalkReply('mne', context, 'thanks')).toMatch(/^Nema na čemu!/);
    expect(smallTalkReply('en', context, 'thanks')).toMatch(/^You're welcome!/);
    expect(smallTalkReply('mne', context, 'greeting')).toContain('prtljag i ljubimci');
    expect(smallTalkReply('en', context, 'greeting')).not.toContain('{topics}');
    for (const language of ['mne', 'en'] as const) {
      expect(outOfScopeReply(language, context)).toContain('help@airline.test');
      expect(outOfScopeReply(language, context)).toContain('Test Air');
    }
  });
});

describe('the greeting a question opens with', () => {
  it('is left out of the question it opens', () => {
    expect(withoutOpeningGreeting('Dobro veče, putujemo sa bebom od 14 mjeseci')).toBe(
      'putujemo sa bebom od 14 mjeseci',
    );
    expect(withoutOpeningGreeting('Hi there! My bag never arrived in Rome')).toBe(
      'My bag never arrived in Rome',
    );
  });

  it('stays when it is the whole message, or opens the question itself', () => {
    expect(withoutOpeningGreeting('Zdravo!')).toBe('Zdravo!');
    expect(withoutOpeningGreeting('Zdravo, imam par pitanja')).toBe('Zdravo, imam par pitanja');
    expect(withoutOpeningGreeting('Kako je sa prtljagom za bebu?')).toBe(
      'Kako je sa prtljagom za bebu?',
    );
  });
});

describe('thanks and goodbye together', () => {
  const context = { airlineName: 'Tara Wings', supportEmail: 'care@tarawings.example' };

  it('acknowledges the thanks, then sends the passenger off', () => {
    expect(smallTalkKind("ok perfect, that's all I needed. bye!")).toBe('thanks');
    expect(saysGoodbye("ok perfect, that's all I needed. bye!")).toBe(true);
    expect(smallTalkReply('en', context, 'thanks', true)).toBe(
      "You're welcome! Goodbye and have a good trip! If you need anything else, I am here, or write to care@tarawings.example.",
    );
    expect(smallTalkReply('mne', context, 'thanks', true)).toMatch(/^Nema na čemu! Prijatno/);
  });

  it('answers thanks alone as thanks', () => {
    expect(saysGoodbye('thanks a lot, that helped')).toBe(false);
    expect(smallTalkReply('en', context, 'thanks')).toMatch(/^You're welcome! If you have more/);
  });
});
