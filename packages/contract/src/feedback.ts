import type { EndpointSpec } from './endpoint-spec';

/**
 * Feedback (issue 25): a member writes to the operators with a category (dictionary 030), text and up to three
 * uploaded images; operators reply, and the member is told in the inbox.
 */

export const feedbackEndpoints = {} satisfies Record<string, EndpointSpec>;
