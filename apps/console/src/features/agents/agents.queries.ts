import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/call';

/** The agent programme's queries. */
export const agentsKeys = {
  all: ['agents'] as const,
  scheme: () => [...agentsKeys.all, 'scheme'] as const,
};

export const agentSchemeQuery = queryOptions({
  queryKey: agentsKeys.scheme(),
  queryFn: ({ signal }) => call('adminAgentSettings', { signal }),
});
