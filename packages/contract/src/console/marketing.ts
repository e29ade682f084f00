import type { EndpointSpec } from '../endpoint-spec';

/** The entries of marketing.paths.ts's calls in the endpoint table. */
export const marketingConsoleEndpoints = {} satisfies Record<string, EndpointSpec>;
