/** The brands one build can be (VITE_SITE_VARIANT). No zod here: every page reads it at run time. */
export const SITE_VARIANTS = ['jinb', 'hx', 'by'] as const;
export type SiteVariant = (typeof SITE_VARIANTS)[number];

/** The variant a build names, or the default one for anything else. */
export function siteVariantOf(value: string | undefined): SiteVariant {
  return (SITE_VARIANTS as readonly string[]).includes(value ?? '') ? (value as SiteVariant) : 'jinb';
}
