import { describe, expect, it } from 'vitest';
import { askingPart, givesAge, intentWeight, questionIntents, questionParts } from './intents.js';

const names = (question: string) => questionIntents(question).map((a) => a.intent.name);

describe('question intents', () => {
  it('reads a number with its unit as a condition, not as the ask', () => {
    expect(names('what does a 1 year old baby pay')).toEqual(['price']);
    expect(names('my golden retriever weighs 30 kg, can he fly and how much is it')).toEqual([
      'price',
    ]);
    expect(names('Kolika je naknada za kašnjenje od 4 sata?')).toEqual(['price']);
  });

  it('reads a penalty as a price', () => {
    expect(names('Kolika je kazna za promjenu datuma?')).toEqual(['price']);
    expect(names("what's the penalty for changing the date?")).toEqual(['price']);
  });

  it('reads in how many days money comes back as a time, how much comes back as a price', () => {
    expect(names('otkazao sam kartu, za koliko dana mi vracate pare na karticu?')[0]).toBe('time');
    expect(names('koliko mi vraćate ako otkažem?')[0]).toBe('price');
  });

  it('reads how much one may spend as a price', () => {
    expect(names('kolko mogu trosit dnevno na osnovne stvari dok ga ne nadjete')).toEqual([
      'price',
    ]);
    expect(names('how much can I spend on clothes while my bag is missing?')).toEqual(['price']);
  });

  it('reads the figure or the words a sentence written in Cyrillic gives', () => {
    const price = questionIntents('koliko košta pomoć na aerodromu?');
    expect(intentWeight('Помоћ на аеродрому је бесплатна.', price)).toBeGreaterThan(0);
    const time = questionIntents('do kad da javim?');
    expect(intentWeight('Затражите је најкасније 36 сати прије полијетања.', time)).toBe(1);
  });

  it('takes "free" before the thing it describes for no question about the price', () => {
    // (The bag's measures ask the size limit.)
    expect(names('my backpack is 42x30x20cm, is that ok as the free bag under the seat?')).toEqual([
      'size',
    ]);
    expect(names('is the stroller free?')).toEqual(['price']);
    expect(names('ranac 42x32x20 cm, moze li ko ona besplatna torba ispod sjedista')).toEqual([
      'size',
    ]);
  });

  it('takes "the latest I can" for a question about a time', () => {
    expect(names("I'm checked in online. What's the latest I can be at the gate?")).toEqual([
      'time',
    ]);
    expect(names('do kad najkasnije moramo biti na izlazu?')).toContain('time');
  });

  it('takes "how recent" for a question about a time', () => {
    expect(names("Do I need a doctor's letter, and how recent must it be?")).toContain('time');
  });

  it('takes "koliko je?" at the end of a question for the price', () => {
    expect(names('imam labradora od 30 kila, moze li u prtljazni prostor i kolko je')).toEqual([
      'price',
    ]);
    expect(names('koliko je težak smije biti kofer')).not.toContain('price');
  });

  it('takes a discount for a question about the price', () => {
    expect(
      names('I would go with him as his companion. Do I get any discount on my ticket?'),
    ).toEqual(['price']);
    expect(names('ima li popust za pratioca')).toEqual(['price']);
  });

  it('takes "koliko je to" for a question about the price, unless a measure follows', () => {
    expect(
      names('Zaboravila sam da kupim prtljag pa ću na aerodromu, koliko je to za let za Beograd?'),
    ).toEqual(['price']);
    expect(names('koliko je to teško, smije li u kabinu?')).not.toContain('price');
  });

  it('takes what the asking clause asks, though the story named another measure first', () => {
    expect(names('kofer mi ima 26 kila a platio sam 23, kolko placam svako kilo preko')[0]).toBe(
      'price',
    );
  });

  it('takes "a 4 month old" for an age, "for 3 weeks" for the length of a trip', () => {
    expect(givesAge('my puppy is 4 months old')).toBe(true);
    expect(givesAge("I'm flying to Frankfurt for 3 weeks, how many suitcases?")).toBe(false);
    expect(givesAge('kuče od 2 mjeseca')).toBe(true);
    expect(givesAge('idem na 3 sedmice u Beč, koliko kofera smijem')).toBe(false);
  });

  it('reads "who pays" as asking who, not how much', () => {
    expect(names('And if it moves to tomorrow, who pays for the hotel?')).toEqual([]);
    expect(names('ko plaća hotel ako let odgodite za sjutra?')).toEqual([]);
    expect(names('how much do I pay for the hotel?')).toEqual(['price']);
  });

  it('reads "liquids limit" as a volume', () => {
    expect(names('liquids limit in hand luggage?')).toEqual(['volume']);
    expect(names('koji je limit za tečnosti u ručnom prtljagu')).toEqual(['volume']);
  });

  it("reads a bottle's size as its volume first", () => {
    expect(names('how big can my shampoo bottles be in hand luggage')[0]).toBe('volume');
    expect(names('koliki smije biti šampon u ručnom prtljagu')[0]).toBe('volume');
    expect(names('how big can my cabin bag be?')).toEqual(['size']);
  });

  it('reads "how much liquid" as a volume, which a figure in ml or litres gives', () => {
    expect(names('how much shampoo can i bring in my hand luggage')).toEqual(['volume']);
    expect(names('koliko tecnosti mogu da nosim u ručnom prtljagu')).toEqual(['volume']);
    expect(names('how much is a bottle of water on board?')).toEqual(['price']);
    const [volume] = questionIntents('how much perfume can I take?');
    expect(volume && intentWeight('At most 100 ml per container.', [volume])).toBe(1);
    expect(volume && intentWeight('Knives up to 6 cm are allowed.', [volume])).toBe(0);
  });

  it('takes a count written in words ("two pieces") for the figure asked', () => {
    const [count] = questionIntents('how many suitcases can I check?');
    expect(count?.intent.name).toBe('count');
    expect(count && intentWeight('Max includes two pieces of 25 kg.', [count], 0.6)).toBe(1);
  });

  it('cuts a message asking two things into its questions, and no other message', () => {
    expect(
      questionParts('imam Mini kartu, jel se plaća čekiranje na šalteru? i do kad mogu online?'),
    ).toEqual(['imam Mini kartu, jel se plaća čekiranje na šalteru?', 'i do kad mogu online?']);
    expect(questionParts('What is the price and does it need special packing?')).toEqual([
      'What is the price',
      'does it need special packing?',
    ]);
    expect(
      questionParts('Deca lete sama za Beč. koliko košta pratnja i do kad da rezervišem?'),
    ).toEqual(['koliko košta pratnja', 'do kad da rezervišem?']);
    // One question: "and" joins things, "i" is the passenger, a story asks nothing.
    expect(questionParts('can i bring my dog and my cat?')).toEqual([]);
    // "Đe" (where) asks as "gdje" does, however it is typed.
    expect(questionParts('kofer stigao polomljen. đe da prijavim i do kad imam rok?')).toEqual([
      'đe da prijavim',
      'do kad imam rok?',
    ]);
    expect(questionParts('Imam psa i mačku. Koliko košta prevoz?')).toEqual([]);
    // A question word opening a clause, not the message; a preposition before it.
    expect(
      questionParts(
        'flex fare - how many checked bags do i get and whats the max size of each one',
      ),
    ).toEqual(['flex fare - how many checked bags do i get', 'whats the max size of each one']);
    expect(questionParts('when can i check in online, and until when is the desk open?')).toEqual([
      'when can i check in online,',
      'until when is the desk open?',
    ]);
    // "jel", the spoken "je li", asks wherever it stands.
    expect(
      questionParts('dajete li nesto za jelo? a ako ne poletimo do vecers jel imamo hotel'),
    ).toEqual(['dajete li nesto za jelo?', 'a ako ne poletimo do vecers jel imamo hotel']);
  });

  it('reads "do kolko sati radi kol centar" as a time of day', () => {
    expect(names('do kolko sati radi vas kol centar uvece?')[0]).toBe('clock');
    expect(names('do kad radi šalter na aerodromu')[0]).toBe('clock');
    expect(names('do kad moram da prijavim štetu')).not.toContain('clock');
  });

  it('reads "kolko to dođe" as a price and "što prije" (as soon as) as no time asked', () => {
    expect(names('imam mini kartu, kolko to dodje?')).toEqual(['price']);
    expect(names('ako me zaustave na ulazu u avion kolko ce me odrati')).toEqual(['price']);
    expect(names('da sto prije izadjem iz aviona, koliko izlazi sjediste naprijed')).toEqual([
      'price',
    ]);
  });

  it('reads "how do I pay" as the way to pay, not the amount', () => {
    expect(names('how do I pay for food on board, do you take cash?')).toEqual([]);
    expect(names('kako da platim hranu u avionu')).toEqual([]);
    expect(names('how much do I pay for food on board')).toEqual(['price']);
    expect(names('da li se plaća voda u avionu')).toEqual(['price']);
  });

  it('reads "how much" as the weight only when its own part of the question names one', () => {
    expect(names('how much can my checked suitcase weigh?')).toEqual(['weight']);
    expect(
      names('Can my chihuahua come in the cabin? how much is it and is there a weight max'),
    ).toEqual(['price', 'weight']);
  });

  it('reads "how much notice" as a time, not a price', () => {
    expect(names('How much notice do you need for a service dog?')).toEqual(['time']);
    expect(names('how much time before departure must I be at the gate')[0]).toBe('time');
    expect(names('how much is the fee for a service dog')).toEqual(['price']);
  });

  it('asks for a phone number or an e-mail address when the passenger asks how to reach the airline', () => {
    expect(names('what is your phone number')).toEqual(['contact']);
    expect(names('koji je vaš broj telefona')).toEqual(['contact']);
    const asked = questionIntents('how can I contact you?');
    expect(intentWeight('Call us on +382 20 000 000 every day.', asked)).toBe(1);
    expect(intentWeight('Show the boarding pass on your phone.', asked)).toBe(0);
    // An e-mail address is asked for by itself.
    const email = questionIntents("what's your email address for complaints");
    expect(email.map((a) => a.intent.name)).toEqual(['email']);
    expect(intentWeight('Write to help@airline.test.', email)).toBe(1);
    expect(intentWeight('Call us on +382 20 000 000.', email)).toBe(0);
    // Elsewhere a phone number is no figure.
    expect(intentWeight('Call +382 20 000 000.', questionIntents('how many bags'))).toBe(0);
  });

  it('finds the clauses that ask, apart from those that tell the story', () => {
    expect(
      askingPart(
        'Our Great Dane with his crate is 55 kg. Is there any way he can fly in the hold?',
      ),
    ).toBe(' Is there any way he can fly in the hold?');
    expect(askingPart('How much is a cat in the cabin?')).toBeUndefined();
    expect(askingPart('cat in the cabin')).toBeUndefined();
  });

  it('tells a time of day from a span before departure', () => {
    expect(names('U koliko sati radi call centar?')[0]).toBe('clock');
    const asked = questionIntents('What are the opening hours of the call centre?');
    expect(intentWeight('Open every day from 07:00 to 22:00.', asked)).toBe(1);
    expect(intentWeight('Book at least 48 hours before departure.', asked)).toBeLessThan(1);
  });

  it('asks how old when the passenger asks how much a pet must "have"', () => {
    expect(names('koliko mora imat kuce da bi letjelo u kabini')[0]).toBe('age');
  });

  it('takes "kolika smije biti" with no measure named for the size, "too big" for no ask', () => {
    expect(names('kolka smije biti torba za psa u kabini')).toEqual(['size']);
    expect(names('koliko smije biti veliki ručni prtljag?')).toEqual(['size']);
    expect(names('koliko dana mogu kupovati stvari')).toEqual(['time']);
    expect(names('my double bass is too big for the cabin, what are my options')).toEqual([]);
    expect(names('how big can my carry-on suitcase be')).toEqual(['size']);
  });

  it("checks a bag's three measures given alone against the size limit, which a count of pieces is not", () => {
    const asked = questionIntents('imam veliki kofer 80x50x35, jel ga mogu predati?');
    expect(asked.map((a) => a.intent.name)).toEqual(['size']);
    expect(names('my suitcase is 80 x 50 x 35 cm, how much to check it in?')).toEqual(['price']);
    expect(intentWeight('Zbir dužine, širine i visine može biti najviše 158 cm.', asked)).toBe(1);
    expect(intentWeight('Ručni prtljag do 55 × 40 × 23 cm.', asked)).toBe(1);
    expect(intentWeight('Flex uključuje 2 kofera po 23 kg (2 × 23 kg).', asked)).toBe(0);
  });

  it('reads "without paying" as a condition of the ask, not a price asked', () => {
    expect(names('Koliki ranac smijem unijeti u avion a da ne plaćam ništa?')).toEqual(['size']);
    expect(names('How big a backpack can I bring without paying extra?')).toEqual(['size']);
    expect(names('How much do I pay for a backpack?')).toEqual(['price']);
  });

  it('checks an age given alone against the age rule, whichever way weeks are written', () => {
    const asked = questionIntents('kuce od 2 mjeseca moze li letjeti');
    expect(asked.map((a) => a.intent.name)).toEqual(['age']);
    expect(intentWeight('From week 37 of pregnancy you cannot fly.', asked)).toBe(1);
    expect(intentWeight('Only dogs and cats can travel in the cabin.', asked)).toBe(0);
  });
});

describe('consequences', () => {
  it('reads "what happens" and "šta ako" as asking what a case costs', () => {
    expect(names('my hand luggage is 10 kg, what happens at the gate')).toEqual(['price']);
    expect(names('Sta ako mi je rucni kofer pretezak na gejtu?')[0]).toBe('price');
    expect(names('Predajem kovčeg od 25 kila, koliko doplaćujem?')).toEqual(['price']);
    expect(names('let kasnio 5 sati, 800 km, kolika je kompenzacija')).toEqual(['price']);
  });

  it('reads "how much do they refund" as money and "how much luggage" as an allowance', () => {
    expect(names('otkazao sam kartu, koliko mi vracaju')).toEqual(['price']);
    expect(names('Koliko novca dobijam nazad?')).toEqual(['price']);
    expect(names('How much checked luggage comes with my fare?')).toEqual(['weight']);
    expect(names('how much baggage can I take')).toEqual(['weight']);
    expect(names('how much does extra baggage cost')).toEqual(['price']);
    expect(names('how much luggage fee do I pay')).toEqual(['price']);
  });
});

describe('figures a sentence gives', () => {
  it('counts things, not measures or a phone number', () => {
    const asked = questionIntents('Koliko macaka smijem staviti u jednu torbu?');
    expect(asked.map((a) => a.intent.name)).toEqual(['count']);
    expect(intentWeight('U jednom transporteru smiju biti najviše 2 životinje.', asked)).toBe(1);
    expect(intentWeight('Pas ili mačka s transporterom smije imati najviše 8 kg.', asked)).toBe(0);
    expect(intentWeight('Rezervišete preko kol centra (+382 20 000 000).', asked)).toBe(0);
  });

  it('reads an age bound ("under 2") as an age', () => {
    const asked = questionIntents("Does a baby need its own seat? she's 18 months");
    expect(intentWeight('An infant under 2 has no seat of its own.', asked)).toBe(1);
  });

  it('asks first what the asking clause names; the other clauses tell the case', () => {
    expect(names('Let nam je otkazan dan prije polaska, koliko nam pripada odštete?')).toEqual([
      'price',
      'time',
    ]);
    expect(
      names('my flight was cancelled at the last minute, how much compensation do I get?'),
    ).toEqual(['price', 'time']);
    // One clause, or every clause asking: the order in which they are named.
    expect(names('koliko ranije da dođem i koliko košta?')).toEqual(['time', 'price']);
  });
});
