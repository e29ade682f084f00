import type { EndpointSpec } from './endpoints';

/** Tasks, activity points and daily sign-in (issue 23): the calls' schemas and their endpoint-table entries. */
export const taskEndpoints = {} satisfies Record<string, EndpointSpec>;
