import { type Lang, type SiteVariant, siteVariantOf } from '@jinb/contract';

export { ASSET_VERSION } from '@jinb/contract';

/** Build-time settings: the site variant picks the language, the support channel and the game show-ids. */
export const SITE_VARIANT: SiteVariant = siteVariantOf(import.meta.env.VITE_SITE_VARIANT);

export const LANG: Lang = SITE_VARIANT === 'by' ? 'zh-HK' : 'zh-CN';

/**
 * Which game ids each variant shows on the home page (spec: "about 38 ids" for jinb, values not shown).
 * These match the ids the server seeds in demo mode; an operator's catalogue uses the same ids.
 */
const SHOW_IDS: Record<SiteVariant, number[]> = {
  jinb: Array.from({ length: 38 }, (_, index) => 1001 + index),
  hx: Array.from({ length: 20 }, (_, index) => 1001 + index),
  by: Array.from({ length: 24 }, (_, index) => 1001 + index),
};

export const GAME_SHOW_IDS = SHOW_IDS[SITE_VARIANT].join(',');

export const CURRENCY_SYMBOL = '¥';
