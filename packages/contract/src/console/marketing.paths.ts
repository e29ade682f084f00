import type { RoleGroup } from '../operator-access';

/**
 * The console's marketing calls (issue 27): paths only, no schemas, like paths.ts. The rewards and content pages use
 * the operator calls of rewardsApi, communityApi and helpAdminApi; these are the ones those lacked.
 */
export const marketingConsoleApi = {
  /** GET: one code batch's codes with how often each was redeemed and by whom last (the batch page's list, its CSV). */
  adminCodeBatchCodes: '/api/admin/v1/codes/batches/:id/codes',
  /** GET: a promotion's texts, picture and their other languages (the activity form; the list carries no content). */
  adminPromotionTexts: '/api/admin/v1/promotions/:id/texts',
} as const;

/** Who may make each of them (operator-access.ts): every call above has its line. */
export const marketingConsoleAccess = {
  adminCodeBatchCodes: 'marketingViewers',
  adminPromotionTexts: 'marketingViewers',
} as const satisfies Record<keyof typeof marketingConsoleApi, RoleGroup>;
