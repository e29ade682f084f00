/**
 * What a build of the site is: its brand (VITE_SITE_VARIANT) and the asset version its static images carry. No zod
 * and no imports here: every page reads it at run time, and the site's vite.config.ts imports this file directly.
 */

/** The asset version query on static images (spec section 9), so a new release's artwork is a new URL. */
export const ASSET_VERSION = 'v=1758416353925';

/** The brands one build can be. */
export const SITE_VARIANTS = ['jinb', 'hx', 'by'] as const;
export type SiteVariant = (typeof SITE_VARIANTS)[number];

/** The variant a build names, or the default one for anything else. */
export function siteVariantOf(value: string | undefined): SiteVariant {
  return (SITE_VARIANTS as readonly string[]).includes(value ?? '') ? (value as SiteVariant) : 'jinb';
}
