-- The help centre and the tutorials (issue 25). Categories are the help centre's sections; each article is one
-- tutorial or answer, reached by its `slug` (the spec's tutorial routes are slugs: `sportRules`, `games/answer`).
-- `body` is the safe text format (a markdown subset, never HTML) the site renders itself; `quick` articles are the
-- chat's 常见问题, in `quick_sort` order. Deleting a category keeps its articles, without a category.
CREATE TABLE help_categories (
  id serial PRIMARY KEY,
  code text NOT NULL,
  name text NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  i18n jsonb NOT NULL DEFAULT '{}',
  CONSTRAINT help_categories_code_key UNIQUE (code)
);
--> statement-breakpoint
CREATE TABLE help_articles (
  id serial PRIMARY KEY,
  slug text NOT NULL,
  category_id integer REFERENCES help_categories (id) ON DELETE SET NULL,
  title text NOT NULL,
  summary text NOT NULL DEFAULT '',
  body text NOT NULL DEFAULT '',
  quick boolean NOT NULL DEFAULT false,
  quick_sort integer NOT NULL DEFAULT 0,
  sort integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  i18n jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT help_articles_slug_key UNIQUE (slug)
);
--> statement-breakpoint
CREATE INDEX help_articles_category_idx ON help_articles (category_id, sort, id);
--> statement-breakpoint
CREATE INDEX help_articles_quick_idx ON help_articles (quick_sort, id) WHERE quick AND active;
