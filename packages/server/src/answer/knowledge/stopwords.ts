import { eng, hrv } from 'stopword';
import type { Language } from '@supersteward/contract';
import { fold } from './text.js';

/**
 * Montenegrin (ijekavian) function words the Croatian list lacks or spells differently, plus the
 * question words and auxiliary verbs passengers wrap their questions in, and the verbs of taking
 * along ("ponijeti", "staviti", "bring") and limits ("maks", "total") that every rule shares. They carry no topic, so
 * they neither find passages nor count when deciding whether a question is covered.
 */
const MONTENEGRIN = `
a ako ali ama baš bi bih bismo biste bio bila bile bili bilo biti bude budem budu čak da dakle
dal dali do dok duž đe ga gdje i ih ili iz ja je jel jeli jer jesam jesi jesmo jeste jesu još ju
kad kada kako kakav kakva kakve kakvo kakvi kao ko koga kod koja koje kojeg kojega kojem koji kojim
kojima koju kolika kolike koliki koliko kolko kome kud kuda li me mene meni mi mnom moj moja moje
mog moga mojoj mom moji moju mojih mojim na nad nam nama nas naš naša naše našeg ne neki nešto ni
nije nisam nisu njega njemu njen njena njeno njih njima njoj nju no o od on ona one oni ono ova ove
ovaj ovo ovog ovdje pa po pod pored pri s sa sam sama samo se sebe sebi si smo ste su sve svi svoj
svoja svoje šta što ta tada taj tako te tebe tebi ti to toga tom tu tvoj tvoja tvoje u uz vam vama
vas vaš vaša vaše već vi za zar zašto e eto evo hvala molim pozdrav zdravo ćao cao
će ćemo ćete ćeš ću mogu možeš može možemo možete moći mogla mogao mogli smijem smiješ smije
smijemo smijete smiju smio smjela treba trebam trebaš trebamo trebate trebalo moram moraš mora
moramo morate moraju hoću hoćeš hoće hoćemo hoćete želim želio željela htio htjela imam imaš ima
imamo imate imaju imao imala radim uraditi učiniti reci recite kažite kazite interesuje
zanima
kolka kolki kolku kolke kolkog kakav kakvu kakvog dal jel el ajde aj bre ba ok okej oke
jedan jedna jedno jednu dva dvije dve dvoje tri troje četiri četvoro oboje obje
mogao mogla mogli mogle moglo možda mozda imat imati sme smem smeš smeju smeo smela oću oćemo
ponijeti ponesem poneseš ponese ponesemo ponesete poneti ponijet unijeti unesem uneseš unese uneti
unijet povesti povedem povedeš povede povedemo povedete poveo povela staviti stavim staviš stavi
stavljati stavljam uzeti uzmem uzme nositi nosim nosiš nosi nosimo nosite nosit
neko nekoga nekome nešto neku neki maks maksimalno maksimalna maksimalni ukupno ukupna ukupni ukupan
dozvoljeno dozvoljen dozvoljena dozvoljeni dozvoljene dozvoljenu dopušteno dopušten dopuštena dopušteni
`;

const ENGLISH_EXTRA = `
i me my mine can could may might much many would will shall does do did done get got need want
please hi hello hey thanks thank tell know there is are am was be don doesn didn isn aren can't
cannot won wouldn ll ve re what's whats which who whom whose why how when where if any some
just also really she he it it's its im i'm ive i've id i'd we they them our your yours
far one two three four both
bring bringing brought take taking took put putting someone somebody anyone max maximum total
permitted ok okay alright fine
`;

function foldedSet(words: Iterable<string>): Set<string> {
  const set = new Set<string>();
  for (const word of words) if (word) set.add(fold(word));
  return set;
}

const STOP: Record<Language, Set<string>> = {
  mne: foldedSet([...hrv, ...MONTENEGRIN.split(/\s+/)]),
  en: foldedSet([...eng, ...ENGLISH_EXTRA.split(/\s+/)]),
};

/** Whether a token (as produced by `tokenize`) is a stop word of the language. */
export function isStopWord(token: string, language: Language): boolean {
  return STOP[language].has(fold(token));
}
