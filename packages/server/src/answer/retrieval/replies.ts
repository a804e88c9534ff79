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
