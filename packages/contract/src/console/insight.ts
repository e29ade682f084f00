import type { EndpointSpec } from '../endpoint-spec';

/** The entries of insight.paths.ts's calls in the endpoint table. */
export const insightConsoleEndpoints = {} satisfies Record<string, EndpointSpec>;
