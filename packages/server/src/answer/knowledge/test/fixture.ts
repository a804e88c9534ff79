import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A small two-language knowledge base in a temp folder, in the format of knowledge/. */
export const FIXTURE: Record<string, string> = {
  'mne/cabin-baggage.md': `---
id: cabin-baggage
lang: mne
title: Ručni prtljag
tags: [prtljag, kabina]
synonyms: [ručna torba]
questions:
  - Koliko kila smije imati ručni prtljag?
url: https://example.test/mne/rucni
---
# Ručni prtljag

Ručni prtljag nosite sa sobom u kabinu.

## Ručni prtljag u ekonomskoj klasi: do 8 kg i 55 × 40 × 23 cm

U ekonomskoj klasi možete unijeti jedan ručni prtljag do 8 kg, najviše 55 × 40 × 23 cm. Odlaže se iznad sjedišta.

## Prevelik ručni prtljag na izlazu: 50 EUR

Ručni prtljag veći od dozvoljenog predaje se u prtljažni prostor uz naplatu od 50 EUR.
`,
  'en/cabin-baggage.md': `---
id: cabin-baggage
lang: en
title: Cabin baggage
tags: [baggage, cabin]
questions:
  - How heavy can my cabin bag be?
---
# Cabin baggage

## Cabin baggage in Economy: up to 8 kg and 55 × 40 × 23 cm

In Economy you may bring one cabin bag of up to 8 kg and at most 55 × 40 × 23 cm. It goes in the overhead locker.

## Oversized cabin bag at the gate: EUR 50

A cabin bag that is too large at the gate goes in the hold for EUR 50.
`,
  'mne/pets-cabin.md': `---
id: pets-cabin
lang: mne
title: Ljubimci u kabini
---
# Ljubimci u kabini

## Cijena prevoza ljubimca u kabini: 30 EUR

Prevoz psa ili mačke u kabini košta 30 EUR po pravcu.

## Težina ljubimca u kabini: najviše 8 kg

Pas ili mačka zajedno s transporterom smije imati najviše 8 kg.
`,
  'en/pets-cabin.md': `---
id: pets-cabin
lang: en
title: Pets in the cabin
---
# Pets in the cabin

## Fee for a pet in the cabin: EUR 30

Taking a dog or cat in the cabin costs EUR 30 per direction.

## Weight of a pet in the cabin: at most 8 kg

A dog or cat together with its carrier may weigh at most 8 kg.
`,
  'mne/unaccompanied-minors.md': `---
id: unaccompanied-minors
lang: mne
title: Djeca bez pratnje
---
# Djeca bez pratnje

## Cijena usluge praćenja: 50 EUR

Usluga praćenja košta 50 EUR po pravcu.
`,
  'en/unaccompanied-minors.md': `---
id: unaccompanied-minors
lang: en
title: Unaccompanied minors
---
# Unaccompanied minors

## Fee for the service: EUR 50

The service costs EUR 50 per direction.
`,
};

/** Writes the fixture (or the given files) into a new temp folder; returns it and a cleanup. */
export async function writeKnowledge(
  files: Record<string, string> = FIXTURE,
): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'knowledge-'));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** An English article file in the format of knowledge/, for a small knowledge base of a test's own. */
export const englishArticle = (id: string, title: string, body: string) => `---
id: ${id}
lang: en
title: ${title}
---
# ${title}

${body}
`;
