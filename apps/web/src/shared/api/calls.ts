import { type SitePathName, sitePaths } from '@jinb/contract';
// Types only, as in client.ts: the table's schemas never reach the site's code.
import type { EndpointName, Endpoints, GetEndpoint, Params, PutEndpoint, Result } from '@jinb/contract/endpoints';
import { type CallArgs, type CallOptions, type RequestOptions, request, type SiteEndpoint } from './client';

/*
 * Calls that no first screen makes, typed by the endpoint table like get and post but kept out of client.ts, which
 * every first screen loads: a PUT, and a GET of a member endpoint with path parameters (an event's page).
 */

/** The site's endpoints whose path has parameters (the operator console's are not the site's). */
type ParamsEndpoint = {
  [N in EndpointName]: Endpoints[N] extends { params: unknown } ? (N extends SitePathName ? N : never) : never;
}[EndpointName];

/** The path with each `:name` replaced by its value, escaped. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** A GET of a path with parameters, e.g. `getAt('sportsEvent', { id }, { signal })`. */
export function getAt<N extends GetEndpoint & ParamsEndpoint>(
  name: N,
  params: Params<N>,
  options?: CallOptions<N>,
): Promise<Result<N>> {
  return request<Result<N>>(
    'GET',
    fillPath(sitePaths[name], params as Record<string, string>),
    options as RequestOptions | undefined,
  );
}

/** A PUT of the table by name, e.g. `put('sportsPreferences', { body, json: true })`. */
export function put<N extends PutEndpoint & SiteEndpoint>(name: N, ...[options]: CallArgs<N>): Promise<Result<N>> {
  return request<Result<N>>('PUT', sitePaths[name], options as RequestOptions | undefined);
}
