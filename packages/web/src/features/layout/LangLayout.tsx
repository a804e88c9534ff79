import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useParams } from 'react-router';
import { isLanguage } from '../i18n/language';
import { NotFound } from '../../app/lazyScreens';
import { useUserStore } from '../user/userStore';

/** /{lang}: en or mne; sets the interface language from the route on each navigation. */
export function LangLayout() {
  const { lang } = useParams();
  const { i18n } = useTranslation();
  const valid = isLanguage(lang);
  useLayoutEffect(() => {
    if (!isLanguage(lang)) return;
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
    if (useUserStore.getState().language !== lang) useUserStore.getState().setLanguage(lang);
  }, [lang, i18n]);
  return valid ? <Outlet /> : <NotFound />;
}
