import type { Language } from '@supersteward/contract';
import { fold, tokenize } from '../knowledge/text.js';

export interface ReplyContext {
  airlineName: string;
  supportEmail: string;
}

/** The honest reply to a question the knowledge base does not cover: no policy, only the contact. */
export function outOfScopeReply(
  language: Language,
  { airlineName, supportEmail }: ReplyContext,
): string {
  return language === 'mne'
    ? `Nažalost, u tome vam ovdje ne mogu pomoći: odgovaram samo na pitanja o putovanju sa kompanijom ${airlineName} (prtljag, ljubimci, djeca, čekiranje, izmjene karata i slično). Za sve ostalo pišite nam na ${supportEmail}.`
    : `Sorry, I can't help with that here: I only answer questions about travelling with ${airlineName} (baggage, pets, children, check-in, ticket changes and the like). For anything else, please write to ${supportEmail}.`;
}

const GREETINGS = new Set(
  [
    'zdravo',
    'pozdrav',
    'pozdravi',
    'cao',
    'ćao',
    'hej',
    'dobar',
    'dobro',
    'dan',
    'jutro',
    'vece',
    'veče',
    'veče',
    'hvala',
    'puno',
    'mnogo',
    'vam',
    'ti',
    'lijepo',
    'hi',
    'hello',
    'hey',
    'good',
    'morning',
    'afternoon',
    'evening',
    'thanks',
    'thank',
    'you',
    'very',
    'much',
    'a',
    'lot',
    'cheers',
    'ok',
    'okay',
    'u',
    'redu',
  ].map(fold),
);

/** Whether a message is only a greeting or thanks (nothing to look up). */
export function isSmallTalk(question: string): boolean {
  const tokens = tokenize(question);
  return tokens.length > 0 && tokens.length <= 6 && tokens.every((t) => GREETINGS.has(fold(t)));
}

export function smallTalkReply(
  language: Language,
  { airlineName, supportEmail }: ReplyContext,
): string {
  return language === 'mne'
    ? `Zdravo! Ja sam virtuelni stjuard kompanije ${airlineName}. Pitajte me o prtljagu, ljubimcima, putovanju s djecom, čekiranju ili izmjenama karata. Za ostalo smo na ${supportEmail}.`
    : `Hello! I am the virtual steward of ${airlineName}. Ask me about baggage, pets, travelling with children, check-in or ticket changes. For anything else, write to ${supportEmail}.`;
}

// Carriers passengers compare with, folded; names that are also common words (Delta, United,
// LOT) are left out, an "X Air" / "X Airlines" / "X Airways" name is recognised by its form.
const CARRIERS = new Set(
  [
    'ryanair',
    'ryanaira',
    'ryanairu',
    'wizz',
    'wizzair',
    'easyjet',
    'easyjeta',
    'lufthansa',
    'lufthanse',
    'lufthansi',
    'lufthansu',
    'eurowings',
    'vueling',
    'transavia',
    'pegasus',
    'emirates',
    'etihad',
    'flydubai',
    'qatar',
    'klm',
    'iberia',
    'aeroflot',
    'aegean',
    'norwegian',
    'volotea',
    'finnair',
    'alitalia',
    'jat',
    'austrian',
    'turkish',
    'swiss',
  ].map(fold),
);
// "Croatia Airlines", "Turkish Airways": unambiguous whatever the case.
const AIRLINES = /(\p{L}+)\s+(airlines?|airways|erlajns)\b/giu;
// "Air Serbia", "Wizz Aira": "air" only with a capitalised name beside it ("fresh air" is not one).
const AIR = /(?:(\p{Lu}\p{L}*)\s+(?:Air|AIR|air)(?:a|u|om)?\b|\b(?:Air|AIR)\s+(\p{Lu}\p{L}*))/gu;

/**
 * Whether a question asks about another airline ("Koliko košta kofer kod Ryanaira?", "What is
 * Lufthansa's hand luggage limit?"): its rules are not in this knowledge base.
 */
export function mentionsOtherAirline(question: string, airlineName: string): boolean {
  const own = new Set(tokenize(airlineName).map(fold));
  const other = (name: string | undefined) => !!name && !own.has(fold(name.toLowerCase()));
  if (tokenize(question).some((word) => CARRIERS.has(fold(word)))) return true;
  for (const m of question.matchAll(AIRLINES)) if (other(m[1])) return true;
  for (const m of question.matchAll(AIR)) if (other(m[1] ?? m[2])) return true;
  return false;
}

/** The reply to a question about another airline: only our rules are known here, no figures. */
export function otherAirlineReply(
  language: Language,
  { airlineName, supportEmail }: ReplyContext,
): string {
  return language === 'mne'
    ? `Odgovaram samo na pitanja o putovanju sa kompanijom ${airlineName}: pravila drugih avio-kompanija ne znam, pa ih provjerite kod njih. Ako putujete s nama, pitajte me o prtljagu, ljubimcima ili djeci, ili nam pišite na ${supportEmail}.`
    : `I can only answer for ${airlineName}: I don't know other airlines' rules, so please check with them. If you are flying with us, ask me about baggage, pets or children, or write to ${supportEmail}.`;
}
