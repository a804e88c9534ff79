import { describe, expect, it } from 'vitest';
import {
  boundFit,
  exceedsBound,
  figurePrecision,
  measuredNumbers,
  numberFit,
  questionNumbers,
  withDigits,
} from './numbers.js';

const fit = (sentence: string, question: string) => numberFit(sentence, questionNumbers(question));

describe('number fit', () => {
  it('reads a bound written after its figure ("4 hours or more", "two hours late or more")', () => {
    const late = 'we sat at the gate for 2.5 hours';
    expect(
      fit('If your flight leaves two hours late or more, we give you a voucher.', late),
    ).toBeGreaterThan(0.3);
    expect(fit('DELAY OF 4 HOURS OR MORE', 'delayed 4.5 hours')).toBeGreaterThan(
      fit('DELAY OF 5 HOURS OR MORE', 'delayed 4.5 hours'),
    );
  });

  it("reads a passenger's decimal as one number, not a date's day and month", () => {
    expect(questionNumbers('delayed 4.5 hours now')).toEqual([{ value: 4.5, unit: 'time' }]);
    expect(questionNumbers('mačka ima 7,5 kila')).toEqual([{ value: 7.5, unit: 'weight' }]);
    expect(questionNumbers('letim 15.6. sa psom od 8 kg').map((n) => n.value)).toEqual([15, 6, 8]);
    // Held by "up to 10 kg", not failed against a 5 read beside a 7.
    expect(
      fit('The pet and its carrier may weigh up to 10 kg.', 'my cat weighs 7.5 kg'),
    ).toBeGreaterThan(0.3);
  });

  it('reads a lower and an upper bound of one measure as a range', () => {
    const hold = 'Dogs and cats heavier than 8 kg travel in the hold, up to 45 kg with the kennel.';
    expect(fit(hold, 'my dog weighs 30 kg')).toBe(0.9);
    expect(fit('A dog or cat in the cabin may weigh at most 8 kg.', 'my dog weighs 30 kg')).toBe(
      0.3,
    );
  });

  it('reads "from week 29 to week 36" as one range, not also a lower bound that 38 passes', () => {
    const letter = 'From week 29 to week 36 of pregnancy you need a doctor’s letter.';
    const refused = 'From week 37 of pregnancy, pregnant passengers are not accepted.';
    expect(fit(letter, 'I will be 38 weeks pregnant')).toBe(0.3);
    expect(fit(refused, 'I will be 38 weeks pregnant')).toBeGreaterThan(0.3);
    expect(fit(letter, 'I will be 32 weeks pregnant')).toBe(0.9);
  });

  it('reads "od 29. do 36. nedjelje" as one range, not also an upper bound that 25 falls under', () => {
    const letter = 'Od 29. do 36. nedjelje trudnoće potrebna je potvrda ljekara.';
    expect(fit(letter, 'trudna sam 25 nedjelja')).toBe(0.3);
    expect(fit(letter, 'trudna sam 30 nedjelja')).toBe(0.9);
  });

  it("reads a bag's three measures as one size: their sum, or measure by measure", () => {
    expect(questionNumbers('My suitcase is 80 x 50 x 35 cm, ok?')).toEqual([
      { value: 165, unit: 'size', dimensions: [80, 50, 35] },
    ]);
    expect(fit('Oversize: more than 158 cm in total: EUR 50', 'bag is 80x50x35')).toBeGreaterThan(
      0.3,
    );
    // Within a limit of three measures, whatever their order; or the limit it fails.
    expect(fit('A cabin bag of up to 55 × 40 × 20 cm.', 'my bag is 40x20x55 cm')).toBe(0.9);
    expect(fit('A personal item of up to 40 × 30 × 15 cm.', 'backpack 42x30x20')).toBe(0.3);
    expect(fit('It can be no larger than 40 by 30 by 15 cm.', 'backpack 42 by 30 by 20')).toBe(0.3);
    expect(fit('It can be no larger than 40 by 30 by 15 cm.', 'backpack 38x30x12')).toBe(0.9);
    // One measure of a limit is no figure the bag states.
    expect(fit('A cabin bag of up to 55 × 40 × 23 cm.', 'bag 72 x 50 x 40')).toBe(0.3);
  });

  it('reads a number written in words before a unit as a figure, and no other', () => {
    expect(withDigits('up to twenty-three kilos, two hours before')).toBe(
      'up to 23 kilos, 2 hours before',
    );
    expect(withDigits('dvadeset i tri kilograma, četiri sata')).toBe('23 kilograma, 4 sata');
    expect(withDigits('a pet carrier for two of them')).toBe('a pet carrier for two of them');
    expect(fit('Bags of up to twenty-three kilos fly free.', 'my bag is 23 kg')).toBe(1);
  });

  it('reads a lower and an upper bound of an age in two units as one range', () => {
    const infant = 'od 7 dana do navršene 2 godine: Tarifa: 25 EUR po pravcu';
    expect(fit(infant, 'kolko se placa za bebu od 10 mjeseci')).toBe(0.9);
    expect(fit('From 7 days until 2 years: EUR 25.', 'my baby is 10 months')).toBe(0.9);
  });

  it('reads pounds and inches in kilograms and centimetres', () => {
    expect(questionNumbers('a 20 lb beagle, a bag of 66 inches')).toEqual([
      { value: 9, unit: 'weight' },
      { value: 168, unit: 'size' },
    ]);
    expect(fit('Bags of 156 to 203 cm cost EUR 70.', 'my suitcase is 66 inches in total')).toBe(
      0.9,
    );
    expect(fit('A pet of up to 15 lb flies in the cabin.', 'my dog is 7 kg')).toBeGreaterThan(0.3);
  });

  it('reads the short form of years ("13 god") as an age', () => {
    expect(questionNumbers('Sin ima 13 god, leti sam')).toEqual([{ value: 13, unit: 'years' }]);
    expect(fit('od 12 do 15 godina: Mali putnik nije obavezan', 'Sin ima 13 god')).toBe(0.9);
  });

  it("reads no figure in a clause's number ('9.4 Children…', 'see 8.3')", () => {
    expect(fit('9.4 Children under 5 may not travel alone.', 'my son is 9 years old')).toBeLessThan(
      0.9,
    );
    expect(fit('8.4 Dogs over the limits of article 8.3 fly in the hold.', 'my dog is 8 kg')).toBe(
      0,
    );
    expect(fit('Bags up to 8 kg fly in the cabin.', 'my dog is 8 kg')).toBeGreaterThan(0.3);
  });

  it('takes every number of a box size for a length', () => {
    expect(fit('The carrier must be at most 40 × 30 × 23 cm.', 'my dog weighs 30 kg')).toBe(0);
    expect(fit('The carrier must be at most 40 × 30 × 23 cm.', 'is 30 cm too wide')).toBe(1);
  });

  it('reads "from the start of" and "until the end of" a week as bounds', () => {
    const question = 'im 37 weeks pregnant can i still fly home';
    const certificate =
      'From the start of the 29th week until the end of the 35th week, a medical certificate must be shown.';
    const refused = 'From the start of the 36th week the Carrier shall not carry the passenger.';
    expect(fit(refused, question)).toBeGreaterThan(fit(certificate, question));
    expect(fit(certificate, 'I will be 32 weeks along')).toBe(0.9);
  });

  it('reads English weeks written before their number', () => {
    expect(fit('From week 29 to week 36 you need a letter.', 'I am 34 weeks pregnant')).toBe(0.9);
    // An ordinal is its number.
    expect(
      fit('After the 34th week we do not accept you.', 'I am 35 weeks pregnant'),
    ).toBeGreaterThan(0.3);
    expect(fit('You can fly up to the end of week 28.', 'at 25 weeks')).toBeGreaterThan(0.3);
  });

  it('compares months with weeks, and a bound the value fails still speaks to it', () => {
    expect(fit('Puppies from 12 weeks may fly.', 'stene od 4 mjeseca')).toBeGreaterThan(0.3);
    expect(fit('Puppies from 12 weeks may fly.', 'kuce od 2 mjeseca')).toBe(0.3);
    expect(fit('Puppies from 12 weeks may fly.', 'let od 2 sata')).toBe(0);
  });

  it('holds a measure in a range that names its unit more surely than in one that leaves it unsaid', () => {
    const question = 'taking my 3 month old, how much do I pay for her?';
    const unsaid = fit('Children from 2 to 11 get 25 % off the adult fare.', question);
    const said = fit('Babies from 1 to 6 months fly on the lap.', question);
    expect(unsaid).toBeGreaterThan(0);
    expect(said).toBeCloseTo(0.9);
    expect(unsaid).toBeLessThan(said * 0.8);
  });

  it("reads a passenger's date against a rule's span of dates or months, in both languages", () => {
    const ban = 'From 15 June to 15 September no pets are carried in the hold.';
    expect(fit(ban, "we're moving to Amsterdam in mid August with our labrador")).toBeCloseTo(0.9);
    expect(fit(ban, 'can my dog fly in the hold on July 20th?')).toBeCloseTo(0.9);
    expect(
      fit('U julu i avgustu ljubimci ne lete u prtljažnom prostoru.', 'selimo se krajem jula'),
    ).toBeCloseTo(0.9);
    expect(
      fit('Od 15. juna do 15. septembra 2026. ljubimci ne lete.', 'letimo 20. jula'),
    ).toBeCloseTo(0.9);
    // A date outside the span still speaks to it, as a limit the date passes by.
    expect(fit(ban, 'flying in early June with my dog')).toBeCloseTo(0.3);
    // "May" the verb is no month, a rule's date of a given year is no span, and a date no count.
    expect(questionNumbers('may I bring 2 bags?')).toEqual([{ value: 2, unit: null }]);
    expect(questionNumbers('flying on June 15, back on 20 June')).toEqual([
      { value: 166, unit: 'date' },
      { value: 171, unit: 'date' },
    ]);
    expect(fit('These rules apply from 1 March 2026.', 'flying on 20 July')).toBe(0);
    expect(fit('We fly to up to 15 destinations.', 'letim u maju')).toBe(0);
  });

  it('gives more to an open range the nearer its bound', () => {
    const under5 = 'Children under 5 years cannot travel alone.';
    expect(fit(under5, 'my son is 4 years old')).toBeGreaterThan(fit(under5, '1 year old'));
  });

  it('reads "od" before a measure as what a thing measures, before an age as a span', () => {
    const question = 'kofer mi ima 35 kila, moze li uz doplatu?';
    // "a bag of 22 kg" is no open range "from 22 kg" that holds 35 kg: it fits no better than the
    // 32 kg limit the bag fails, which is the rule that answers.
    const bag = fit('Uz kartu je uključen jedan kofer od 22 kg.', question);
    expect(bag).toBeLessThanOrEqual(fit('Jedan komad ne smije biti teži od 32 kg.', question));
    expect(fit('Djeca od 12 godina putuju sama.', 'sin ima 14 godina')).toBeGreaterThan(bag);
  });
});

describe('bound fit', () => {
  const bounds = (text: string, question: string) => boundFit(text, questionNumbers(question));

  it("holds a passenger's measure within a bound, fails it beyond every one", () => {
    const cabin = 'A dog or cat in the cabin may weigh at most 8 kg together with its carrier.';
    const hold = 'Dogs and cats heavier than 8 kg travel in the hold, up to 45 kg with the kennel.';
    expect(bounds(cabin, 'Our labrador is about 30 kg')).toBe(-1);
    expect(bounds(hold, 'Our labrador is about 30 kg')).toBe(1);
    expect(bounds(`${cabin}\n${hold}`, 'Our labrador is about 30 kg')).toBe(1);
    expect(bounds('Djeca od 12 do 15 godina mogu putovati sama.', 'sin ima 13 godina')).toBe(1);
    // The start or the end of a span before the figure: "od početka 35. sedmice", "do kraja 34.".
    const week = 'u 36 nedjelji sam trudnoće';
    expect(bounds('Od početka 35. sedmice trudnoće ne možemo vas primiti.', week)).toBe(1);
    expect(bounds('Od 28. do kraja 34. sedmice nosite potvrdu ljekara.', week)).toBe(-1);
    // "Mlađa od 2 godine" is under two: its "od 2 godine" is no lower bound.
    expect(bounds('Beba mlađa od 2 godine putuje u krilu.', 'dijete od 6 godina')).toBe(-1);
    expect(bounds('Beba mlađa od 2 godine putuje u krilu.', 'beba od 1 godine')).toBe(1);
  });

  it('says nothing of a figure that bounds nothing, of other units, or of a story', () => {
    expect(bounds('The fee is EUR 30 per direction for 8 kg.', 'my dog is 30 kg')).toBe(0);
    expect(bounds('Within 24 hours of booking you may cancel for free.', 'dog of 30 kg')).toBe(0);
    // A date or a span of the trip is no measure of the passenger's case.
    expect(bounds('Cancel up to 14 days before departure.', 'letim za 20 dana')).toBe(0);
  });
});

describe('figure precision', () => {
  it.each([
    ['Checked bags may weigh up to about 20 kg on Smokva.', 'rough'],
    ['Small dogs travel in the cabin from EUR 35, bigger ones in the hold from EUR 70.', 'rough'],
    ['Book a pet about two days ahead.', 'rough'],
    ['Mali psi i mačke putuju u kabini, od 35 EUR.', 'rough'],
    ['Kofer se može doplatiti online od 19 EUR.', 'rough'],
    ['Check-in closes roughly 45 minutes before departure.', 'rough'],
    // "Od" is also "of": a fee of 30 EUR is exact.
    ['Povrat novca uz naknadu od 30 EUR.', 'exact'],
    ['Više od 35 EUR se ne vraća.', 'exact'],
    ['Children from 2 years pay EUR 20.', 'exact'],
    ['Book a pet in the hold at least 72 hours before departure, from EUR 70.', 'exact'],
    ['Up to 2 pets per flight.', 'none'],
    ['See Pets.', 'none'],
  ] as const)('reads "%s" as %s', (sentence, precision) => {
    expect(figurePrecision(sentence)).toBe(precision);
  });
});

describe('measures beyond a limit', () => {
  it("reads the passenger's thing as weighed, not a bound or a kind they name", () => {
    expect(measuredNumbers('kofer mi ima 26 kg, dal placam nesto?')).toEqual([
      { value: 26, unit: 'weight' },
    ]);
    expect(measuredNumbers('my suitcase weighs about 26 kilos')).toEqual([
      { value: 26, unit: 'weight' },
    ]);
    expect(measuredNumbers('koliko košta kofer od 23 kg na aerodromu?')).toEqual([]);
    expect(measuredNumbers('treba mi još jedan kofer do 23 kile')).toEqual([]);
  });

  it('finds an upper bound the measure exceeds', () => {
    const rule = 'An extra checked bag of up to 20 kg costs EUR 29.';
    expect(exceedsBound(rule, { value: 24, unit: 'weight' })).toBe(true);
    expect(exceedsBound(rule, { value: 20, unit: 'weight' })).toBe(false);
    // A figure alone is no bound.
    expect(exceedsBound('Midi includes one bag of 20 kg.', { value: 24, unit: 'weight' })).toBe(
      false,
    );
  });
});

describe('number fit of another side', () => {
  it("leaves out a limit the value fails when it is not the rule of the passenger's case", () => {
    const cabin = 'A dog or cat in the cabin may weigh at most 8 kg with its carrier.';
    const dog = [{ value: 14, unit: 'weight' }];
    expect(numberFit(cabin, dog)).toBeCloseTo(0.3);
    expect(numberFit(cabin, dog, false)).toBe(0);
  });
});
