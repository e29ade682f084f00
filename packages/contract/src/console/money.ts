import type { EndpointSpec } from '../endpoint-spec';

/** The entries of money.paths.ts's calls in the endpoint table. */
export const moneyConsoleEndpoints = {} satisfies Record<string, EndpointSpec>;
