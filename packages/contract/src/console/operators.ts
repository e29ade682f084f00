import type { EndpointSpec } from '../endpoint-spec';

/** The entries of operators.paths.ts's calls in the endpoint table. */
export const operatorsConsoleEndpoints = {} satisfies Record<string, EndpointSpec>;
