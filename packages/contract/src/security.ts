import type { EndpointSpec } from './endpoint-spec';

/**
 * The member's sign-in history and step-up checks (issue 25): before rebinding the phone, binding a payout card,
 * changing the withdraw password or the e-mail, the member proves it is them again.
 */

export const securityEndpoints = {} satisfies Record<string, EndpointSpec>;
