import type { Language } from '@supersteward/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { htmlLang, normalizeLanguage } from '../../i18n/language';

/** Numbers, dates and times in the console's language (Montenegrin: sr-Latn-ME conventions). */
export function formats(language: Language) {
  const locale = htmlLang(language);
  const number = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const dayShort = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  const hour = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' });
  return {
    number: (n: number) => number.format(n),
    percent: (part: number, whole: number) => percent.format(whole > 0 ? part / whole : 0),
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
    date: (iso: string) => date.format(new Date(iso)),
    /** A `YYYY-MM-DD` day as a short date (the day itself, in no time zone). */
    day: (day: string) => dayShort.format(new Date(`${day}T00:00:00Z`)),
    hour: (iso: string) => hour.format(new Date(iso)),
    ms: (ms: number | null) =>
      ms === null
        ? '–'
        : ms < 1000
          ? `${number.format(Math.round(ms))} ms`
          : `${number.format(Math.round(ms / 100) / 10)} s`,
  };
}
export type Formats = ReturnType<typeof formats>;

/** The formats of the console's current language. */
export function useFormats(): Formats {
  const { i18n } = useTranslation();
  const language = normalizeLanguage(i18n.language);
  return useMemo(() => formats(language), [language]);
}
