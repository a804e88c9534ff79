import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Language } from '@supersteward/contract';
import { buildKnowledgeBase } from '../knowledge/knowledge-index.js';
import { loadKnowledge } from '../knowledge/loader.js';
import { replyTo } from '../retrieval/engine.js';
import { findSampleAirlines } from './airlines.js';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

/** What passengers ask an airline's steward that no airline's rules answer. */
const PROBES: [Language, string][] = [
  ['en', 'Is my flight to Vienna on time today?'],
  ['en', 'When is the next flight to Belgrade?'],
  ['en', 'Do you fly to New York?'],
  ['en', 'What is the exchange rate of the euro?'],
  ['en', 'Where can I rent a car in Podgorica?'],
  ['en', 'Is there a good restaurant near the airport?'],
  ['en', 'How do I get from the airport to the city centre?'],
  ['en', 'How much is parking at Podgorica airport?'],
  ['en', 'Do I need a visa for Turkey?'],
  ['en', 'What is the best time to visit Montenegro?'],
  ['en', 'Can you tell me a joke?'],
  ['en', 'What is the capital of Serbia?'],
  ['en', 'How much does a taxi cost from Tivat to Budva?'],
  ['en', 'Which hotel is the cheapest in Kotor?'],
  ['en', 'What is the status of flight 4O 123?'],
  ['mne', 'da li je moj let za Beč na vrijeme danas'],
  ['mne', 'kad je sljedeći let za Beograd'],
  ['mne', 'letite li za Njujork'],
  ['mne', 'koliki je kurs eura'],
  ['mne', 'gdje mogu iznajmiti auto u Podgorici'],
  ['mne', 'ima li dobar restoran blizu aerodroma'],
  ['mne', 'kako da dođem od aerodroma do centra grada'],
  ['mne', 'koliko košta parking na aerodromu'],
  ['mne', 'treba li mi viza za Ameriku'],
  ['mne', 'ispričaj mi vic'],
  ['mne', 'koji je glavni grad Srbije'],
  ['mne', 'koliko košta taksi od Tivta do Budve'],
  ['mne', 'koji je najjeftiniji hotel u Kotoru'],
  ['mne', 'kakvo je stanje na putevima'],
  ['mne', 'gdje je najbliža apoteka'],
  ['en', 'Where can I buy a SIM card at the airport?'],
  ['en', "What is my seat number on tomorrow's flight?"],
  ['en', 'Can you cancel my booking ABC123 for me?'],
  ['en', 'How much is a coffee at Podgorica airport?'],
  ['en', 'Which beach near Budva is the nicest?'],
  ['en', 'What are the opening hours of the duty free shop?'],
  ['en', 'Is there a pharmacy at the airport?'],
  ['en', 'Recommend me a nice place for dinner in Kotor'],
  ['en', 'What is the population of Montenegro?'],
  ['en', 'Do I need a COVID test to enter Italy?'],
  ['en', 'What currency do they use in Serbia?'],
  ['en', 'Can you translate this sentence into German?'],
  ['en', 'Who is the CEO of your airline?'],
  ['en', 'What music do you like?'],
  ['en', 'Where is the best pizza in Tivat?'],
  ['mne', 'gdje mogu kupiti SIM karticu na aerodromu'],
  ['mne', 'koje mi je sjedište na sjutrašnjem letu'],
  ['mne', 'otkažite mi rezervaciju ABC123'],
  ['mne', 'koliko košta kafa na aerodromu u Podgorici'],
  ['mne', 'koja je najljepša plaža kod Budve'],
  ['mne', 'kad radi duty free prodavnica'],
  ['mne', 'ima li apoteka na aerodromu'],
  ['mne', 'preporuči mi dobar restoran za večeru u Kotoru'],
  ['mne', 'koliko stanovnika ima Crna Gora'],
  ['mne', 'treba li mi PCR test za ulazak u Italiju'],
  ['mne', 'koja se valuta koristi u Srbiji'],
  ['mne', 'prevedi mi ovu rečenicu na njemački'],
  ['mne', 'ko je direktor vaše kompanije'],
  ['mne', 'gdje je najbolja pica u Tivtu'],
  ['mne', 'kakvu muziku voliš'],
];

/**
 * Probes some airline still answers from its articles (measured 2026-11-26; "*" for every airline),
 * each with why: the test fails on any other, so a change that lets a new one through is seen; one
 * fixed may leave.
 */
const KNOWN: Record<string, string> = {
  // The article on travel documents names visas: the passenger gets the airline's rule on them.
  'bjelasica-air: Do I need a visa for Turkey?': 'documents',
  'rumija-air: Do I need a visa for Turkey?': 'documents',
  'bjelasica-air: treba li mi viza za Ameriku': 'documents',
  // "Taksi" is also the genitive plural of "taksa", the airport taxes these articles refund.
  'orjen-airways: koliko košta taksi od Tivta do Budve': 'homonym',
  'prokletije-air: koliko košta taksi od Tivta do Budve': 'homonym',
  'hajla-airlines: koliko košta taksi od Tivta do Budve': 'homonym',
  // "Car" of "car seats" with a coverage just over the floor.
  'tara-wings: Where can I rent a car in Podgorica?': 'partial match',
  'hajla-airlines: Where can I rent a car in Podgorica?': 'partial match',
  'hajla-airlines: gdje mogu iznajmiti auto u Podgorici': 'partial match',
  'tivat-express: kakvo je stanje na putevima': 'partial match',
  // "Card" of the payment card, "buy" of buying a bag, at the airport.
  'lovcen-air: Where can I buy a SIM card at the airport?': 'partial match',
  'orjen-airways: Where can I buy a SIM card at the airport?': 'partial match',
  'tara-wings: Where can I buy a SIM card at the airport?': 'partial match',
  // "Rumija: grab that coffee before boarding".
  'rumija-air: How much is a coffee at Podgorica airport?': 'partial match',
  'rumija-air: koliko košta kafa na aerodromu u Podgorici': 'partial match',
  // "Pica" (pizza) and "piće" (a drink) are one word once diacritics are folded, as passengers
  // type them: Rumija's duty-free drinks, since "kod kuće" no longer makes that section a pet's.
  'rumija-air: gdje je najbolja pica u Tivtu': 'partial match',
  // "Direktor" read as a form of "direktan" (direct flights) by the inflection guess.
  'lovcen-air: ko je direktor vaše kompanije': 'partial match',
  // Piva Air sells coffee on board: the passenger gets its price there, not the airport café's.
  'piva-air: koliko košta kafa na aerodromu u Podgorici': 'the rule on the thing named',
  // Ostrog Air sells coffee on board; its article holds the airport too.
  'ostrog-air: How much is a coffee at Podgorica airport?': 'the rule on the thing named',
  'ostrog-air: koliko košta kafa na aerodromu u Podgorici': 'the rule on the thing named',
  // Lipa Air's on-board payment names the currency cards are charged in.
  'lipa-air: What currency do they use in Serbia?': 'the rule on the thing named',
  'lipa-air: koja se valuta koristi u Srbiji': 'the rule on the thing named',
  // Its airport ticket desks, for the way into town.
  'lipa-air: How do I get from the airport to the city centre?': 'partial match',
  // The duty-free bag a passenger may carry on board, for the shop's opening hours.
  '*: What are the opening hours of the duty free shop?': 'the rule on the thing named',
  '*: kad radi duty free prodavnica': 'the rule on the thing named',
  // Sutorina Air's documents rule: visas are the passenger's to check with the embassy.
  'sutorina-air: Do I need a visa for Turkey?': 'the rule on the thing named',
  // "Auto" of its car seats ("auto-sjedište").
  'sutorina-air: gdje mogu iznajmiti auto u Podgorici': 'partial match',
  // A request to cancel a booking gets the airline's rule on cancelling, which is of use.
  '*: Can you cancel my booking ABC123 for me?': 'the rule on the thing named',
  '*: otkažite mi rezervaciju ABC123': 'the rule on the thing named',
  // Unseen in stop 20 (their replies were not read then), development airlines since stop 21.
  'skadar-air: kako da dođem od aerodroma do centra grada': 'found while unseen',
  'skadar-air: Where can I buy a SIM card at the airport?': 'found while unseen',
  'vrmac-airways: How do I get from the airport to the city centre?': 'found while unseen',
  'vrmac-airways: koliko košta taksi od Tivta do Budve': 'found while unseen',
  'vrmac-airways: Where can I buy a SIM card at the airport?': 'found while unseen',
  'vrmac-airways: How much is a coffee at Podgorica airport?': 'found while unseen',
  'vrmac-airways: gdje mogu kupiti SIM karticu na aerodromu': 'found while unseen',
  'vrmac-airways: koliko košta kafa na aerodromu u Podgorici': 'found while unseen',
  'vrmac-airways: gdje je najbolja pica u Tivtu': 'found while unseen',
  // Bar Air's delay vouchers "are good at the airport's cafés and restaurants".
  'bar-air: Is there a good restaurant near the airport?': 'partial match',
  // Unseen in stop 22 (their replies were not read then), development airlines since stop 23.
  'grahovo-air: kako da dođem od aerodroma do centra grada': 'found while unseen',
  'njegos-air: gdje je najbolja pica u Tivtu': 'found while unseen',
  // Unseen in stop 23 (their replies were not read then), development airlines since stop 24.
  'zabljak-air: Where can I buy a SIM card at the airport?': 'found while unseen',
  'budva-air: koliko košta taksi od Tivta do Budve': 'found while unseen',
  'stefan-air: How much is a coffee at Podgorica airport?': 'found while unseen',
  'stefan-air: gdje mogu kupiti SIM karticu na aerodromu': 'found while unseen',
  'stefan-air: koliko košta kafa na aerodromu u Podgorici': 'found while unseen',
  // Unseen in stop 24 (their replies were not read then), development airlines since stop 25.
  'krnovo-air: gdje mogu kupiti SIM karticu na aerodromu': 'found while unseen',
  // Unseen in stop 25 (their replies were not read then), development airlines since stop 26.
  'cijevna-air: How do I get from the airport to the city centre?': 'found while unseen',
  'plav-air: kakvo je stanje na putevima': 'found while unseen',
  'plav-air: How much is a coffee at Podgorica airport?': 'found while unseen',
  'plav-air: koliko košta kafa na aerodromu u Podgorici': 'found while unseen',
  // Rijeka Air (a development airline written in stop 26): the way into town reads as its route
  // zones' cities, and the coffee at Podgorica airport as its airport desks' opening hours.
  // Tried: coffee among meals and the city centre as a way to the airport (new leaks elsewhere).
  'rijeka-air: How do I get from the airport to the city centre?': 'partial match',
  'rijeka-air: How much is a coffee at Podgorica airport?': 'partial match',
  // Unseen in stop 26 (their replies were not read then), development airlines since stop 27.
  'ibar-air: How much is a coffee at Podgorica airport?': 'found while unseen',
  'ibar-air: koliko košta kafa na aerodromu u Podgorici': 'found while unseen',
  // Unseen in stop 27 (their replies were not read then), development airlines since stop 28.
  'crmnica-air: How do I get from the airport to the city centre?': 'found while unseen',
  'crmnica-air: koji je najjeftiniji hotel u Kotoru': 'found while unseen',
  'crmnica-air: Where can I buy a SIM card at the airport?': 'found while unseen',
  'gusinje-air: Is there a good restaurant near the airport?': 'found while unseen',
  'gusinje-air: How do I get from the airport to the city centre?': 'found while unseen',
  'gusinje-air: kako da dođem od aerodroma do centra grada': 'found while unseen',
  'gusinje-air: gdje mogu kupiti SIM karticu na aerodromu': 'found while unseen',
  'ljubisnja-air: gdje mogu kupiti SIM karticu na aerodromu': 'found while unseen',
  'ljubisnja-air: koliko košta kafa na aerodromu u Podgorici': 'found while unseen',
  // Unseen in stop 28 (their replies were not read then), development airlines since stop 29.
  'maganik-air: koji je glavni grad Srbije': 'found while unseen',
  'maganik-air: koliko košta taksi od Tivta do Budve': 'found while unseen',
  'maganik-air: How much is a coffee at Podgorica airport?': 'found while unseen',
  'maganik-air: koliko košta kafa na aerodromu u Podgorici': 'found while unseen',
  'vojnik-air: How do I get from the airport to the city centre?': 'found while unseen',
  'vojnik-air: Where can I buy a SIM card at the airport?': 'found while unseen',
  'vojnik-air: gdje mogu kupiti SIM karticu na aerodromu': 'found while unseen',
  // Unseen in stop 29 (their replies were not read then), development airlines since stop 30.
  'golija-air: How do I get from the airport to the city centre?': 'found while unseen',
  'rikavac-air: How much is a coffee at Podgorica airport?': 'found while unseen',
  'rikavac-air: koliko košta kafa na aerodromu u Podgorici': 'found while unseen',
  'spuz-air: What is the best time to visit Montenegro?': 'found while unseen',
  'spuz-air: How much is a coffee at Podgorica airport?': 'found while unseen',
  'spuz-air: Where is the best pizza in Tivat?': 'found while unseen',
  'spuz-air: koliko košta kafa na aerodromu u Podgorici': 'found while unseen',
  // Unseen in stop 32 (their replies were not read then), development airlines since stop 33.
  'pljevlja-air: How much is a coffee at Podgorica airport?': 'found while unseen',
  'pljevlja-air: koliko košta kafa na aerodromu u Podgorici': 'found while unseen',
  'rozaje-air: kakvo je stanje na putevima': 'found while unseen',
  'rozaje-air: How much is a coffee at Podgorica airport?': 'found while unseen',
  'rozaje-air: gdje mogu kupiti SIM karticu na aerodromu': 'found while unseen',
  'rozaje-air: koliko košta kafa na aerodromu u Podgorici': 'found while unseen',
  'savnik-air: Where can I buy a SIM card at the airport?': 'found while unseen',
  'savnik-air: koliko stanovnika ima Crna Gora': 'found while unseen',
  // Unseen in stop 33 (their replies were not read then), development airlines since stop 34.
  'berane-air: gdje mogu kupiti SIM karticu na aerodromu': 'found while unseen',
  'cetinje-air: Where can I buy a SIM card at the airport?': 'found while unseen',
  'cetinje-air: gdje je najbolja pica u Tivtu': 'found while unseen',
  // Unseen in stop 34 (their replies were not read then), development airlines since stop 35.
  'danilovgrad-air: How much is a coffee at Podgorica airport?': 'found while unseen',
  'danilovgrad-air: koliko košta kafa na aerodromu u Podgorici': 'found while unseen',
  'petrovac-air: How much is a coffee at Podgorica airport?': 'found while unseen',
  // Unseen in stop 35 (their replies were not read then), development airlines since stop 36.
  'risan-air: gdje mogu kupiti SIM karticu na aerodromu': 'found while unseen',
  'tuzi-air: How much is a coffee at Podgorica airport?': 'found while unseen',
  'tuzi-air: gdje mogu kupiti SIM karticu na aerodromu': 'found while unseen',
  'tuzi-air: koliko košta kafa na aerodromu u Podgorici': 'found while unseen',
  'virpazar-air: How do I get from the airport to the city centre?': 'found while unseen',
  'virpazar-air: kako da dođem od aerodroma do centra grada': 'found while unseen',
  // Unseen since stop 36 (their replies were not read): found at their first run.
  'dobrota-air: gdje mogu kupiti SIM karticu na aerodromu': 'found while unseen',
  'grbalj-air: Where can I buy a SIM card at the airport?': 'found while unseen',
  'igalo-air: Where can I buy a SIM card at the airport?': 'found while unseen',
  'igalo-air: koliko košta kafa na aerodromu u Podgorici': 'found while unseen',
};

describe('out-of-scope probes on every sample airline', () => {
  it('answers none of them from the articles, but for the known leaks', async () => {
    const leaks: string[] = [];
    for (const airline of await findSampleAirlines(ROOT)) {
      const knowledge = await loadKnowledge(airline.knowledgeDir);
      const kb = buildKnowledgeBase(knowledge.articles, { lexicon: knowledge.lexicon });
      const context = {
        airlineName: airline.env['AIRLINE_NAME'] ?? airline.id,
        supportEmail: airline.env['SUPPORT_EMAIL'] ?? 'help@airline.test',
      };
      for (const [language, question] of PROBES) {
        const reply = replyTo(kb, question, language, context);
        if (reply.sources.length > 0) leaks.push(`${airline.id}: ${question}`);
      }
    }
    const known = (leak: string) => leak in KNOWN || `*${leak.slice(leak.indexOf(':'))}` in KNOWN;
    expect(leaks.filter((leak) => !known(leak))).toEqual([]);
  }, 60_000);
});
