import type { EndpointSpec } from './endpoints';

/** VIP levels and privileges (issue 23): the calls' schemas and their endpoint-table entries. */
export const vipEndpoints = {} satisfies Record<string, EndpointSpec>;
