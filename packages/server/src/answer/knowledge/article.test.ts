import { describe, expect, it } from 'vitest';
import { KnowledgeError } from './errors.js';
import { parseArticle } from './article.js';

const FRONT = `---
id: bags
lang: en
title: Travel rules – bags
---
# Travel rules – bags
`;

const parse = (body: string) => parseArticle('en/bags.md', `${FRONT}\n${body}`, 'en');

describe('an article written in bold-led paragraphs', () => {
  it('makes each bold lead-in a section, before the first heading and under one', () => {
    const article = parse(`**What every fare includes.** One small personal item, 40 × 30 × 20 cm.

**The cabin trolley.** Up to 55 × 40 × 20 cm and ten kilograms.

Note: a coat does not count.

## Checked bags

**Limits:** No single bag may weigh more than 32 kg.

**Pooling** Bags may be pooled on one booking.
`);
    expect(article.intro).toBe('');
    expect(article.sections.map((s) => [s.heading, s.text])).toEqual([
      ['What every fare includes', 'One small personal item, 40 × 30 × 20 cm.'],
      [
        'The cabin trolley',
        'Up to 55 × 40 × 20 cm and ten kilograms.\nNote: a coat does not count.',
      ],
      // A heading whose text is all in its bold-led paragraphs only groups them; bold words
      // that merely start a sentence are emphasis, not a lead-in.
      [
        'Limits',
        'No single bag may weigh more than 32 kg.\nPooling Bags may be pooled on one booking.',
      ],
    ]);
  });

  it('reads a heading in capitals run into its paragraph as a heading, not a code', () => {
    const article =
      parse(`REFUNDS Lokva tickets are not refundable. Runolist tickets are refunded in money.

RUNOLIST – FULL FLEXIBILITY Runolist is our most flexible fare.

PETC Pet in cabin, up to 8 kg with its carrier.
`);
    expect(article.sections.map((s) => [s.heading, s.text])).toEqual([
      ['REFUNDS', 'Lokva tickets are not refundable. Runolist tickets are refunded in money.'],
      [
        'RUNOLIST – FULL FLEXIBILITY',
        'Runolist is our most flexible fare.\nPETC Pet in cabin, up to 8 kg with its carrier.',
      ],
    ]);
  });

  it("reads a transcript's turn that only asks as the heading of the turn that answers it", () => {
    const article = parse(`## [00:40]

**Presenter:** And bikes? I know a lot of you cycle.

**Nikola, baggage services:** A bicycle is EUR 58 per flight, in a bike box.

**Presenter:** What about diving gear?

**Nikola, baggage services:** Diving gear counts as a normal checked bag.

**Nikola, baggage services:** Tanks must be empty. Any questions?

**Presenter:** Thanks, Nikola! See you next time.
`);
    expect(article.sections.map((s) => [s.heading, s.text])).toEqual([
      ['Presenter', 'And bikes? I know a lot of you cycle.'],
      ['And bikes? I know a lot of you cycle.', 'A bicycle is EUR 58 per flight, in a bike box.'],
      ['Presenter', 'What about diving gear?'],
      ['What about diving gear?', 'Diving gear counts as a normal checked bag.'],
      // The same speaker going on keeps its heading; a turn that asks keeps its own text.
      ['Nikola, baggage services', 'Tanks must be empty. Any questions?'],
      ['Tanks must be empty. Any questions?', 'Thanks, Nikola! See you next time.'],
    ]);
  });

  it("reads a caller's case told in a few sentences and ending in a question as the heading of the answer", () => {
    const article = parse(`## Caller: a guide dog

**Caller, Ana from Bar:** Good evening. I'm blind, and my guide dog comes everywhere with me. What do I pay for her?

**Vesna:** Nothing at all: guide dogs fly free in the cabin.
`);
    expect(article.sections.map((s) => s.heading)).toContain(
      "Good evening. I'm blind, and my guide dog comes everywhere with me. What do I pay for her?",
    );
  });

  it('reads an interviewer\'s one-letter turn ("**Q:**") as a turn, not as the answer before it', () => {
    const article = parse(`## Sports equipment

**Q:** Golf, diving, fishing?

**Marko Bulatović:** A golf bag is EUR 30 per flight.

**Q:** And bicycles?

**Marko Bulatović:** A bicycle costs EUR 50 per flight.
`);
    expect(article.sections.map((s) => [s.heading, s.text])).toEqual([
      ['Q', 'Golf, diving, fishing?'],
      ['Golf, diving, fishing?', 'A golf bag is EUR 30 per flight.'],
      ['Q', 'And bicycles?'],
      ['And bicycles?', 'A bicycle costs EUR 50 per flight.'],
    ]);
  });

  it('keeps a heading with text of its own beside the bold-led sections under it', () => {
    const article = parse(`## Checked bags

Checked bags are sold in three sizes.

**Never** pack batteries in a checked bag.

**Overweight.** EUR 12 for every kilogram over.
`);
    expect(article.sections.map((s) => s.heading)).toEqual(['Checked bags', 'Overweight']);
    expect(article.sections[0]?.text).toBe(
      'Checked bags are sold in three sizes.\nNever pack batteries in a checked bag.',
    );
  });

  it('still refuses an empty heading with nothing under it', () => {
    expect(() => parse('## Checked bags\n\n## Cabin bags\n\nOne bag.\n')).toThrow(KnowledgeError);
  });
});

describe('a table', () => {
  it('puts the unit of a column header beside each figure of the column', () => {
    const article = parse(`## Checked bags

| Checked bag | Max weight (kg) | Price online (EUR) | Note |
| --- | --- | --- | --- |
| Small | 15 | 18 | cabin size (55 cm) |
| Heavy | 32 | on request | – |
`);
    expect(article.sections[0]?.text).toBe(
      [
        'Small: Max weight: 15 kg; Price online: 18 EUR; Note: cabin size (55 cm)',
        'Heavy: Max weight: 32 kg; Price online (EUR): on request; Note: –',
      ].join('\n'),
    );
  });
});

describe('headings of other levels', () => {
  it('makes each "###" heading a section, grouped under its "##" heading', () => {
    const article = parse(`### Cabin bags

One bag of 8 kg.

## Checked bags

### Weight

Up to 23 kg.

### Size

Up to 158 cm.
`);
    expect(article.sections.map((s) => [s.heading, s.text])).toEqual([
      ['Cabin bags', 'One bag of 8 kg.'],
      ['Weight', 'Up to 23 kg.'],
      ['Size', 'Up to 158 cm.'],
    ]);
    // What the "##" heading names, its sections are about too.
    expect(article.sections.map((s) => s.parent)).toEqual([
      undefined,
      'Checked bags',
      'Checked bags',
    ]);
  });

  it('gives a deeper section every heading it lies under, so repeated headings stay apart', () => {
    const article = parse(`## Baggage

### Cabin bags

#### Fees

EUR 20 at the gate.

**Exceptions.** Crutches are free.

### Checked bags

#### Fees

EUR 35 at the airport.

## Pets

#### Fees

EUR 40 a flight.
`);
    expect(article.sections.map((s) => [s.heading, s.parent])).toEqual([
      ['Fees', 'Baggage\nCabin bags'],
      ['Exceptions', 'Baggage\nCabin bags\nFees'],
      ['Fees', 'Baggage\nChecked bags'],
      ['Fees', 'Pets'],
    ]);
  });

  it('reads an intro of several paragraphs stating figures as a section under its title', () => {
    const article = parse(`**1/4** Assistance at the airport is free.

**2/4** Request it no later than 48h before the flight.

**3/4** Come to the desk 2h before departure.

## Pregnancy

Up to week 28 you fly with no certificate.
`);
    expect(article.sections.map((s) => s.heading)).toEqual(['Travel rules – bags', 'Pregnancy']);
    expect(article.sections[0]?.text).toContain('no later than 48h before the flight');
    // A one-line intro with a figure is a lead or a byline, not a rule of its own.
    const byline = parse(
      'Transcript of a help video · 2 min 50 s\n\n## Fees\n\nEUR 40 a flight.\n',
    );
    expect(byline.sections.map((s) => s.heading)).toEqual(['Fees']);
  });

  it('reads an infographic and its caption in an intro as two paragraphs stating figures', () => {
    const article = parse(`Larger dogs travel in the heated hold.

![Infographic: a dog in a rigid crate on a scale showing 45 kg](/img/hold.svg)
_Figure 1. Pets over 8 kg travel in the hold; pet and crate together up to 45 kg._

## Prices

EUR 80 a flight.
`);
    expect(article.sections.map((s) => s.heading)).toEqual(['Travel rules – bags', 'Prices']);
    expect(article.sections[0]?.text).toContain('up to 45 kg');
  });

  it('reads a short article with no heading as one section under its title', () => {
    const article = parse('Lost a bag? Report it at the airport within 7 days.\n');
    expect(article.intro).toBe('');
    expect(article.sections).toEqual([
      {
        heading: 'Travel rules – bags',
        slug: 'travel-rules-bags',
        text: 'Lost a bag? Report it at the airport within 7 days.',
      },
    ]);
  });
});

describe('a table across fares', () => {
  it('puts the unit of a row label beside each figure of the row', () => {
    const article = parse(`## Allowances

| | Mini | Maxi |
| --- | --- | --- |
| Cabin bag (kg) | – | 10 |
| Checked bag (kg) | 20 | 23 |
`);
    expect(article.sections[0]?.text).toBe(
      ['Cabin bag: Mini: –; Maxi: 10 kg', 'Checked bag: Mini: 20 kg; Maxi: 23 kg'].join('\n'),
    );
  });

  it('reads a unit "per" something in a row label the same way', () => {
    const article = parse(`## Fees

| Service | Balkans | Europe |
| --- | --- | --- |
| Infant on the lap (EUR per flight) | 18 | 28 |
| Escort (EUR po letu) | 45 | not available |
`);
    expect(article.sections[0]?.text).toBe(
      [
        'Infant on the lap: Balkans: 18 EUR per flight; Europe: 28 EUR per flight',
        'Escort: Balkans: 45 EUR po letu; Europe: not available',
      ].join('\n'),
    );
  });

  it("reads a unit with a footnote's mark after it, the mark kept on the label", () => {
    const article = parse(`## Price

| Route | Escort (EUR)² |
| --- | --- |
| Zone 1 | 40 |
| Extra bag (kg)¹ | 5 |
`);
    expect(article.sections[0]?.text).toBe(
      ['Zone 1: Escort²: 40 EUR', 'Extra bag¹: Escort²: 5 EUR'].join('\n'),
    );
  });
});

describe('a comparison table of ticks and crosses', () => {
  it("spells each tick and cross in the article's language, a footnote's mark kept", () => {
    const table = `## What's included

| | Bura | Levant |
| --- | --- | --- |
| Cabin bag | ✗ | ✓¹ |
| Seat | ✘ | ✔ |
| Change | ✗ not possible | ✓ free |

¹ Up to 8 kg.
`;
    expect(parse(table).sections[0]?.text).toBe(
      [
        'Cabin bag: Bura: no; Levant: yes¹',
        'Seat: Bura: no; Levant: yes',
        'Change: Bura: no, not possible; Levant: yes, free',
        '¹ Up to 8 kg.',
      ].join('\n'),
    );
    const montenegrin = parseArticle(
      'mne/bags.md',
      `---\nid: bags\nlang: mne\ntitle: Prtljag\n---\n${table}`,
      'mne',
    );
    expect(montenegrin.sections[0]?.text.split('\n')[0]).toBe('Cabin bag: Bura: ne; Levant: da¹');
  });
});

describe('an HTML accordion', () => {
  it('makes its summary a heading and its body the text', () => {
    const article = parse(`## Sports 🏄

<details><summary>Can I bring my surfboard?</summary>

Sure! Boards up to 2 m fly for €40.

</details>
<details>
<summary>And my bike?</summary> Bikes cost EUR 50.
</details>
`);
    expect(article.sections.map((s) => [s.heading, s.text])).toEqual([
      ['Can I bring my surfboard?', 'Sure! Boards up to 2 m fly for €40.'],
      ['And my bike?', 'Bikes cost EUR 50.'],
    ]);
  });
});

describe('a text pasted from a PDF', () => {
  it('reads its capitals and numbered titles as headings, its aligned tables as tables', () => {
    const article = parse(`ARTICLE 4 – BAGGAGE

4.2 Checked baggage

4.2.1 A piece may not weigh more than 32 kg.

Zeta Air – General Conditions of Carriage – page 3

FARE            CABIN BAG (kg)     CHECKED BAGGAGE
Zeta Light      not included       not included
Zeta Classic    8                  1 piece, 23 kg
`);
    expect(article.sections.map((s) => [s.heading, s.text])).toEqual([
      [
        'Checked baggage',
        [
          '4.2.1 A piece may not weigh more than 32 kg.',
          'Zeta Light: CABIN BAG (kg): not included; CHECKED BAGGAGE: not included',
          'Zeta Classic: CABIN BAG: 8 kg; CHECKED BAGGAGE: 1 piece, 23 kg',
        ].join('\n'),
      ],
    ]);
  });

  it('joins its hard-wrapped lines and the words hyphenated across them', () => {
    const article = parse(`## Baggage

Each passenger may check one piece of lug-
gage of up to 23 kg and one carry-
on bag.
`);
    expect(article.sections[0]?.text).toBe(
      'Each passenger may check one piece of luggage of up to 23 kg and one carryon bag.',
    );
  });
});

describe('a fact sheet', () => {
  it('keeps each "Key: value" line a line of its own, though Markdown runs them together', () => {
    const article = parse(`## Cabin bag: 10 kg

Included: on the Lovor and Karavela fares
Maximum size: 55 × 38 × 22 cm
Maximum weight: 10 kg
Bags over 30 kg: not accepted
Zone A = Belgrade, Vienna
Departure at 10:00 is the rule
for this line.
`);
    expect(article.sections[0]?.text).toBe(
      [
        'Included: on the Lovor and Karavela fares',
        'Maximum size: 55 × 38 × 22 cm',
        'Maximum weight: 10 kg',
        'Bags over 30 kg: not accepted',
        'Zone A = Belgrade, Vienna Departure at 10:00 is the rule for this line.',
      ].join('\n'),
    );
  });
});

describe('a nested list', () => {
  it('keeps each nested item with the item above it', () => {
    const article = parse(`## Sports equipment

- Bicycle: EUR 50
  - in a box, pedals off
  - at most 25 kg
- Golf bag: EUR 30, at most 15 kg
`);
    expect(article.sections[0]?.text).toBe(
      'Bicycle: EUR 50; in a box, pedals off; at most 25 kg\nGolf bag: EUR 30, at most 15 kg',
    );
  });
});

describe("a help centre's FAQ", () => {
  it('takes the question as the heading and the answer as the text, without their markers', () => {
    const article = parse(`**Q: Can I take my e-scooter?**

A: No. Electric scooters are not accepted.
`);
    expect(article.sections.map((s) => [s.heading, s.text])).toEqual([
      ['Can I take my e-scooter', 'No. Electric scooters are not accepted.'],
    ]);
    const mne = parseArticle(
      'mne/faq.md',
      '---\nid: faq\nlang: mne\ntitle: Pitanja\n---\n**P: Ima li wi-fi?**\n\nO: Nema.\n',
      'mne',
    );
    expect(mne.sections.map((s) => [s.heading, s.text])).toEqual([['Ima li wi-fi', 'Nema.']]);
  });
});

describe('HTML an export leaves behind', () => {
  it('reads line breaks, entities and tags as plain text', () => {
    const article = parse(
      '## Fees\n\nOne bag:&nbsp;EUR&nbsp;25<br>two bags: 45&euro; &amp; <span>no</span> more.\n',
    );
    expect(article.sections[0]?.text).toBe('One bag: EUR 25 two bags: 45€ & no more.');
  });

  it("keeps a footnote's superscript a mark, not a digit of the figure", () => {
    const article = parse('## Fees\n\nOne bag: EUR 25<sup>1</sup>\n\n<sup>1</sup> Online only.\n');
    expect(article.sections[0]?.text).toBe('One bag: EUR 25¹\n¹ Online only.');
  });
});
