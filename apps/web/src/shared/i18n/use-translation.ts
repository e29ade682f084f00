import { i18next } from './i18n';
import type { TFunction, Translator } from './translator';

/**
 * The hook pages call for their words: `t` for one namespace, the same function on every render. The language is fixed per build, so nothing
 * ever has to re-render for a language change.
 */
export function useTranslation(ns?: string): { t: TFunction; i18n: Translator } {
  return { t: i18next.getFixedT(null, ns ?? i18next.defaultNS), i18n: i18next };
}
