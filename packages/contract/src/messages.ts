import type { EndpointSpec } from './endpoint-spec';

/**
 * The inbox and operator messages (issue 24): system messages the platform sends (a withdrawal paid or refused, a
 * deposit credited, a bonus, a level, a new device) and messages operators send to everyone, to levels or to listed
 * members. The spec's calls (`message/list`, `message/num`, `message/update`) keep their paths; the unread count is
 * also pushed on the realtime channel's member topic `inbox`.
 */
export const messageEndpoints = {} satisfies Record<string, EndpointSpec>;
