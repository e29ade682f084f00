import type { EndpointSpec } from '../endpoint-spec';

/** The entries of members.paths.ts's calls in the endpoint table. */
export const membersConsoleEndpoints = {} satisfies Record<string, EndpointSpec>;
