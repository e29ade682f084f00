import { errorMessages, type Lang } from '@jinb/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANG } from '../config';
import { common } from './common.locale';

/**
 * A feature's strings: the zh-CN object is the shape, so zh-HK missing a key is a type error.
 * Each feature registers its own namespace when its lazy page module loads; nothing lives in one giant file.
 */
export type Locale<T> = { 'zh-CN': T; 'zh-HK': NoInfer<T> };

export function registerLocale<T extends object>(namespace: string, locale: Locale<T>): void {
  if (!i18next.hasResourceBundle(LANG, namespace)) i18next.addResourceBundle(LANG, namespace, locale[LANG as Lang]);
}

void i18next.use(initReactI18next).init({
  lng: LANG,
  fallbackLng: false,
  resources: { [LANG]: { common: common[LANG], errors: errorMessages[LANG] } },
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
});

export { i18next };
