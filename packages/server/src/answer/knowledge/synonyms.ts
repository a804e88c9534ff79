import type { Language } from '@supersteward/contract';
import { stemVariants, tokenize } from './text.js';

/**
 * Words passengers use for the same thing, per language (a word can mean something else in the
 * other language: Montenegrin "pet" is five). Inflected forms the stemmer leaves apart are listed.
 * Each group becomes one extra index term, added wherever any of its words occurs, in the articles
 * and in the question alike.
 */
const GROUPS: Record<string, Record<Language, string>> = {
  baggage: {
    mne: 'kofer koferi torba torbe prtljag prtljaga prtljagu prtljazi ranac ruksak kovčeg kovčega kovčegu kovčezi',
    en: 'baggage luggage suitcase suitcases bag bags',
  },
  pet: {
    mne: 'ljubimac ljubimca ljubimci ljubimce ljubimcem pas psa psi psu psom pse pasa kuče kuca štene štenad mačka mačku mačke mački mačkom mačak maca mače životinja životinje životinju zec zeca zečić hrčak hrčka ptica pticu papagaj papagaja kornjača zmija labrador retriver ovčar ovčara haski pudla pudlu maltezer čivava jazavičar bigl terijer špic zlatni mops buldog buldoga perzijska perzijsku',
    en: 'pet pets dog dogs puppy puppies cat cats kitten kittens animal animals rabbit hamster bird parrot turtle snake ferret labrador retriever golden shepherd husky poodle beagle terrier chihuahua dachshund spaniel collie pug pugs bulldog bulldogs persian',
  },
  minor: {
    mne: 'dijete djeca djece djeci djecom djetetu djetetom djeteta dete deca dece deci detetu deteta maloljetnik maloljetnika maloljetnici maloljetno maloletnik pratnja pratnje pratnju praćenje praćenja um klinac klinca klinci klincu klinka klinku sin sina sinu ćerka ćerku ćerki kćerka kćerku kćer kći',
    en: 'child children kid kids unaccompanied minor minors um son sons daughter daughters boy girl teenager',
  },
  infant: {
    mne: 'beba bebe bebu bebi bebom dojenče dojenčeta odojče novorođenče',
    en: 'infant infants baby babies newborn toddler',
  },
  cabin: {
    mne: 'kabina kabine kabini kabinu kabinski kabinska kabinskog ručni ručna ručno ručnog ručnom ručnu ručne',
    en: 'cabin hand carry carryon onboard',
  },
  weight: {
    mne: 'kg kila kile kilo kilograma kilogram kilaža težina težine težinu težak teška teško tešku',
    en: 'kg kilo kilos kilogram kilograms weight weigh weighs heavy',
  },
  size: {
    mne: 'dimenzije dimenzija dimenzijama veličina veličine veličinu mjere mjera cm centimetara',
    en: 'size sizes dimension dimensions measurements cm centimetres centimeters',
  },
  lost: {
    mne: 'izgubljen izgubljena izgubljeni izgubljenog izgubio izgubila izgubili izgubi nestao nestala nestali zagubljen zaturen',
    en: 'lost lose missing misplaced',
  },
  damaged: {
    mne: 'oštećen oštećena oštećeni oštećenje oštećenja polomljen polomljena slomljen slomljena pokvaren pocijepan',
    en: 'damaged damage broken torn',
  },
  delay: {
    mne: 'kašnjenje kašnjenja kasni kasnio kasnila zakasnio zakašnjenje',
    en: 'delay delays delayed late',
  },
  cancel: {
    mne: 'otkazan otkazana otkazivanje otkaže otkažem otkazali otkazao otkazati otkazujem otkazuje otkazujete otkaz poništen',
    en: 'cancel cancelled canceled cancellation',
  },
  compensation: {
    mne: 'odšteta odštete odštetu obeštećenje kompenzacija kompenzacije',
    en: 'compensation compensate',
  },
  refund: {
    mne: 'povrat povraćaj refundacija refundirati vratiti vraćate vraćanje vraćen',
    en: 'refund refunds refundable reimbursement',
  },
  checkin: {
    mne: 'čekiranje čekiranja čekirati čekiram čekiranju check checkin',
    en: 'checkin',
  },
  liquid: {
    mne: 'tečnost tečnosti tekućina tekućine tečna voda vode šampon parfem gel krema kremu losion sprej dezodorans pasta sok soka',
    en: 'liquid liquids fluid fluids water shampoo perfume gel cream toothpaste lotion sunscreen spray deodorant aerosol juice',
  },
  certificate: {
    mne: 'potvrda potvrde potvrdu uvjerenje uvjerenja uverenje pismo pisma nalaz',
    en: 'certificate certificates letter note',
  },
  pregnancy: {
    mne: 'trudnoća trudnoće trudnoći trudna trudnica trudnice',
    en: 'pregnant pregnancy expecting',
  },
  sport: {
    mne: 'skije skija skijama skijanje snowboard daska bicikl bicikla bicikle golf',
    en: 'ski skis skiing snowboard bicycle bicycles bike bikes golf',
  },
  instrument: {
    mne: 'instrument instrumenti instrumenta gitara gitaru violina violinu violončelo violončela čelo kontrabas kontrabasa harmonika harmoniku saksofon truba trubu flauta flautu ukulele',
    en: 'instrument instruments guitar violin cello bass contrabass accordion saxophone trumpet flute ukulele',
  },
  battery: {
    mne: 'baterija baterije bateriju powerbank punjač punjača',
    en: 'battery batteries powerbank charger',
  },
  weapon: {
    mne: 'nož noža noževe makaze škare oružje alat',
    en: 'knife knives scissors weapon weapons tool tools',
  },
  pram: {
    mne: 'kolica autosjedište sjedalica',
    en: 'pram stroller buggy pushchair',
  },
  online: {
    mne: 'online onlajn internet interneta internetu net neta netu sajt sajta aplikacija aplikaciju web',
    en: 'online internet website web app',
  },
  business: {
    mne: 'biznis biznisu business poslovna poslovnoj',
    en: 'business',
  },
  economy: {
    mne: 'ekonomska ekonomskoj ekonomsku ekonomi ekonomiji economy',
    en: 'economy',
  },
  meal: {
    mne: 'jelo jela hrana hranu obrok obroci obroke osvježenje užina',
    en: 'meal meals food refreshments drinks snack',
  },
  emotional: {
    mne: 'emotivna emotivnu emotivnom emocionalna emocionalnu emocionalnom',
    en: 'emotional',
  },
  twins: {
    mne: 'blizanci blizance blizanaca blizancima blizanke trojke',
    en: 'twins twin triplets',
  },
  price: {
    mne: 'cijena cijene cijenu cena cene košta koštaju koštati plaća plaćam plaćaš plaćamo plaćate plaćaju platiti platim naknada naknade naknadu naplata naplaćuje naplaćujete doplata doplatu doplatiti doplaćujem doplaćuje uzimate',
    en: 'price prices cost costs fee fees charge charges pay paid payment',
  },
  percent: {
    mne: 'posto procenat procenta procenata percent',
    en: 'percent percentage',
  },
  advance: {
    mne: 'unaprijed unapred ranije najkasnije najava najaviti najavim najavite',
    en: 'advance beforehand earlier ahead announce announced notify notice',
  },
  connection: {
    mne: 'presjedanje presjedanja presjedanjem presjedam presjedati presedanje presedam konekcija konekciju konekcijom tranzit transfer',
    en: 'connection connections connecting layover stopover transfer transit',
  },
  transport: {
    mne: 'prevoz prevoza prevozu prevozi prevoze prevozite prevezem prevezeš preveze prevezete prevesti prijevoz prijevoza prijevozu transport transporta',
    en: 'transport transported carry carried carriage',
  },
  fly: {
    mne: 'letjeti letim letiš leti letimo letite lete letio letjela letjelo letjeli letela letelo leteti',
    en: 'fly flies flying flew flown',
  },
  meet: {
    mne: 'dočekuje dočekati dočeka dočekuju dočekaće susret susreta preuzima preuzeti',
    en: 'meet meets meeting collect collects pick',
  },
  large: {
    mne: 'velik veliki velika veliko veliku veći veća veće veću prevelik preveliki prevelika preveliko',
    en: 'big bigger large larger oversized huge',
  },
  mandatory: {
    mne: 'obavezno obavezna obavezan obavezni obavezne obaveza obavezan obligatorno',
    en: 'mandatory compulsory obligatory required',
  },
  seat: {
    mne: 'sjedište sjedišta sjedištu sedište sedišta sjedi sjedim sjediti sedi sedim sediti',
    en: 'seat seats sit sits sitting',
  },
  ticket: {
    mne: 'karta karte kartu kartom tarifa tarife',
    en: 'ticket tickets fare fares',
  },
  contact: {
    mne: 'kontakt kontaktirati telefon telefonom broj mejl mail email podrška podršku pozivni',
    en: 'contact phone telephone number email mail support call',
  },
};

export type SynonymTable = ReadonlyMap<string, readonly string[]>;

/** Index term → group terms, for one language. */
export function buildSynonymTable(language: Language): SynonymTable {
  const table = new Map<string, string[]>();
  for (const [name, words] of Object.entries(GROUPS)) {
    const groupTerm = `_${name}`;
    for (const token of tokenize(words[language])) {
      for (const term of stemVariants(token, language)) {
        const groups = table.get(term) ?? [];
        if (!groups.includes(groupTerm)) groups.push(groupTerm);
        table.set(term, groups);
      }
    }
  }
  return table;
}

// Montenegrin diminutive endings, as the stemmer leaves them ("koferčić" → "kofercic", "psić" →
// "psic", "makazice" → "makazic", "kučence" → "kucenc"), longest first.
const DIMINUTIVE_ENDINGS = ['cic', 'kic', 'ic', 'enc'];
const BASE_VOWELS = ['', 'a', 'e', 'o'];

/**
 * Groups of the word a diminutive is made from ("psić" → dog, "nožić" → knife, "makazice" →
 * scissors), with the listed stem that found them, so the base word is searched as well.
 */
export function diminutiveGroups(
  table: SynonymTable,
  stem: string,
): { stem: string; groups: readonly string[] } | undefined {
  for (const ending of DIMINUTIVE_ENDINGS) {
    if (!stem.endsWith(ending)) continue;
    const base = stem.slice(0, -ending.length);
    if (base.length < 2) continue;
    for (const vowel of BASE_VOWELS) {
      for (const term of vowel ? stemVariants(base + vowel, 'mne') : [base]) {
        const groups = table.get(term);
        if (groups) return { stem: term, groups };
      }
    }
  }
  return undefined;
}

/** Whether an index term stands for a synonym group rather than a word. */
export function isGroupTerm(term: string): boolean {
  return term.startsWith('_');
}
