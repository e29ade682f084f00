import type { EndpointSpec } from './endpoint-spec';

/**
 * Operator content (issue 24): announcements (the home page's marquee and popups), banners, news with categories,
 * sponsorships, and the per-language texts of promotions and games (localized.ts). Members read them in their
 * request's language.
 */
export const contentEndpoints = {} satisfies Record<string, EndpointSpec>;
