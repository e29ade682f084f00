import type { EndpointSpec } from './endpoints';

/** Activities, bonuses and redemption codes (issue 23): the calls' schemas and their endpoint-table entries. */
export const promotionEndpoints = {} satisfies Record<string, EndpointSpec>;
