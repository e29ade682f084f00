import type { EndpointSpec } from '../endpoint-spec';

/** The entries of games.paths.ts's calls in the endpoint table. */
export const gamesConsoleEndpoints = {} satisfies Record<string, EndpointSpec>;
