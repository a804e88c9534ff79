import { fold } from '../knowledge/text.js';

/**
 * What kind of figure a question asks for, read from its wording in either language, and how to
 * recognise a sentence that gives it. Stems are matched at word starts on the folded question.
 */
interface Intent {
  name: string;
  asks: RegExp;
  gives: RegExp;
}

const INTENTS: Intent[] = [
  {
    // A time of day ("u koliko sati radi", "opening hours"), not a span before departure.
    name: 'clock',
    asks: /\b(u koliko sati|u koje vrijeme|u koje vreme|od koliko sati|do koliko sati|radno vrijem|radno vrem|what time|opening hours|working hours|business hours|office hours|hours of)/,
    gives: /\b\d{1,2}[:.]\d{2}\b/,
  },
  {
    name: 'price',
    asks: /\b(kost|cijen|pripad|entitled|doplac|what happens|what if|sta (ako|se desi|se desava|se dogodi|bude)|sto ako|cjen|cen[aeiu]\b|naknad|naplat|plac|plat|doplat|taks|besplat|odstet|obestec|kompenzac|eur|cost|price|pric|fee|charge|pay|paid|free|expensive|cheap|compensat|how much(?!.*\b(weigh|heavy|kg|kilo|liquid|ml)))/,
    gives:
      /(€|\beur\b|\d\s*%|besplatn|free|bez naknade|bez doplate|no charge|no fee|not refundable|nije povratn|bez povrata)/,
  },
  {
    name: 'weight',
    asks: /\b(kil|kg|tez|tesk|heav|weigh|kilo)/,
    gives: /\d\s*kg\b/,
  },
  {
    name: 'size',
    // "too big" and "je veliko" state a condition ("my cello is too big"), "how big" asks.
    asks: /\b(dimenzi|(koliko?|kolik\w*|kako) (je )?velik|velicin|mjer|mer[aeu]\b|sirin|visin|duzin|size|dimension|(how|so) (big|large|long|wide|tall)|measure|cm\b)/,
    gives: /\d\s*(cm\b|[×x*]\s*\d)/,
  },
  {
    name: 'time',
    asks: /\b(kad|do kad|rok|koliko dana|kolko dana|how many days|sat[aie]?\b|minut|vrijem|vremen|ranije|prije|koliko dugo|when|how early|how long|how soon|in advance|advance|unaprijed|unapred|deadline|hours?\b|minutes?\b|time\b|until|by when|open|close|zatvar|otvar|pocinj|poceti|traje)/,
    gives:
      /\d+\.?\s*(h\b|sat|sati|sata|min|minut|dan|day|hour|week|nedjelj|sedmic|mjesec|month)|\b\d{1,2}[:.]\d{2}\b/,
  },
  {
    name: 'age',
    // "Koliko mora imati (kuče)" asks how old, as "koliko ima godina" does.
    asks: /\b(koliko (mora|treba|smije|smije da|mora da|treba da) (imat|ima)|how young|godin|star[aeiou]?\b|starost|uzrast|age\b|aged|old\b|years?\b|mjesec|month|sedmic|nedjelj|week)/,
    gives:
      /\d+\.?\s*(godin|year|dan|day|sedmic|week|nedjelj|mjesec|month)|\b(age|aged|under|over|star|mlađ|mladj|week|weeks|nedjelj|nedelj|sedmic)\w*\s+\d/,
  },
  {
    name: 'count',
    asks: /\b(koliko (komada|torbi|kofera|ljubimac|ljubimaca|pasa|macaka|djece|beba|prtljaga)|how many)/,
    // A number of things, not a measure ("8 kg", "48 sati", "12 weeks" give no count).
    gives:
      /\b(\d+|jedan|jedna|jedno|dva|dvije|tri|one|two|three)\b(?!\s*([×x*]|kg|cm|ml|wh|km|eur|€|%|h\b|sat|min|dan|day|hour|week|sedmic|nedjelj|mjesec|month|godin|year))/,
  },
];

export interface AskedIntent {
  intent: Intent;
  /** 1 for the intent named first in the question, less for later ones (usually conditions). */
  weight: number;
}

/**
 * The intents a question expresses, first-named first (none for a yes/no question or a plain
 * topic). Passengers name what they ask before the conditions: "Kolika je naknada za kašnjenje
 * od 4 sata" asks for money, not for hours.
 */
export function questionIntents(question: string): AskedIntent[] {
  // A number with its unit is a condition ("5 hours late", "a 30 kg bag", "do 2 godine", "a
  // 1 year old baby", "my dog weighs 30 kg"), not the ask.
  const folded = fold(question.toLowerCase()).replace(CONDITION, ' ');
  const found = INTENTS.map((intent) => ({ intent, at: folded.search(intent.asks) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at)
    .map(({ intent }, i) => ({ intent, weight: i === 0 ? 1 : 0.5 }));
  if (found.length > 0) return found;
  // "Kolika smije biti torba?" names no measure: how large, the size.
  if (HOW_LARGE.test(folded)) return [{ intent: SIZE, weight: 1 }];
  // "Kuče od 2 mjeseca, može li letjeti?": an age given with nothing else asked is checked
  // against the age rule.
  if (AGE_GIVEN.test(fold(question.toLowerCase()))) return [{ intent: AGE, weight: 1 }];
  return found;
}

const AGE_GIVEN =
  /\d+\s*[-\s]?(godin\w*|mjesec\w*|mesec\w*|sedmic\w*|nedjelj\w*|nedelj\w*|dan[a]?\b|years?\b|months?\b|weeks?\b|days?\b)/;

const CONDITION =
  /(\b(weigh(s|ing)?|tezi|tesk[aio]?|tezak|ima|has|is)\s+)?\d+\s*[-\s]?[\p{L}.]+(\s*-?\s*old\b)?/gu;
const PHONE = /\+\d[\d\s]{6,}\d/g;
const HOW_LARGE = /\b(kolik[aeiu]|kolk[aeiu])\b/;
const SIZE = INTENTS.find((i) => i.name === 'size') as Intent;
const AGE = INTENTS.find((i) => i.name === 'age') as Intent;

/** The weight of the best asked intent a sentence gives a figure for, 0 when none. */
export function intentWeight(sentence: string, asked: readonly AskedIntent[]): number {
  // A phone number is no figure of any kind ("+382 20 000 000" is not a count or an hour).
  const lower = sentence.toLowerCase().replace(PHONE, ' ');
  let best = 0;
  for (const { intent, weight } of asked)
    if (intent.gives.test(lower)) best = Math.max(best, weight);
  return best;
}
