/** The shape of the platform's own help categories and articles as seeded (help-articles.ts, help-policy-articles.ts). */
export type SeedCategory = { code: string; name: string; sort: number };
export type SeedArticle = {
  slug: string;
  category: string;
  title: string;
  summary: string;
  body: string;
  sort: number;
  /** Position among the chat's quick questions (常见问题); absent: not one. */
  quick?: number;
};
