import { queryOptions } from '@tanstack/react-query';
import { get } from '../../shared/api/client';

/** The policy pages read the help centre's articles of these slugs (seeded by the server, edited by operators). */
export const POLICY_SLUGS = ['terms', 'privacy', 'responsible'] as const;
export type PolicySlug = (typeof POLICY_SLUGS)[number];

export const policyKeys = {
  all: ['policy'] as const,
  article: (slug: PolicySlug) => [...policyKeys.all, slug] as const,
};

/** One policy's article; public (visitors read it before registering). */
export const policyQuery = (slug: PolicySlug) =>
  queryOptions({
    queryKey: policyKeys.article(slug),
    queryFn: ({ signal }) => get('helpArticle', { query: { slug }, signal }),
    staleTime: 5 * 60_000,
  });
