import type { EndpointSpec } from './endpoint-spec';

/**
 * The agent programme (issue 24): every member's invite code and link, the downline two levels deep, commission by
 * tier of the downline's valid turnover or net loss computed once per period, claimed through the ledger, and the
 * referral-farming flags operators review.
 */
export const agentEndpoints = {} satisfies Record<string, EndpointSpec>;
