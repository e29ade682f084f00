import type { Lang } from '@jinb/contract';
import { LANG } from '../config';
import { common } from './common.locale';
import { Translator } from './translator';

/**
 * A feature's strings: the zh-CN object is the shape, so zh-HK missing a key is a type error.
 * Each feature registers its own namespace when its lazy page module loads; nothing lives in one giant file.
 */
export type Locale<T> = { 'zh-CN': T; 'zh-HK': NoInfer<T> };

/**
 * The site's one translator, in the build's language, with the shared words. The server's error messages are not
 * here: a refusal carries its message in the member's language, and the few the site says itself come with the
 * code that says them (api/client.locale.ts, forms/forms.locale.ts).
 */
export const i18next = new Translator(LANG, 'common').addResourceBundle(LANG, 'common', common[LANG]);

export function registerLocale<T extends object>(namespace: string, locale: Locale<T>): void {
  if (!i18next.hasResourceBundle(LANG, namespace)) i18next.addResourceBundle(LANG, namespace, locale[LANG as Lang]);
}
