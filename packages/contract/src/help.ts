import type { EndpointSpec } from './endpoint-spec';

/**
 * The help centre and the tutorials (issue 25): operator-editable articles per language, in categories, searchable;
 * each spec tutorial route reads the article with its name as `slug`.
 */

export const helpEndpoints = {} satisfies Record<string, EndpointSpec>;
