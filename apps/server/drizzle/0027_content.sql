-- Operator content (issue 24). Announcements gain what a popup needs: the popup flag and a display window (open
-- ended when null); the home page shows the ones switched on and within their window.
ALTER TABLE notices ADD COLUMN popup boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE notices ADD COLUMN start_at timestamptz;
--> statement-breakpoint
ALTER TABLE notices ADD COLUMN end_at timestamptz;
--> statement-breakpoint
ALTER TABLE notices ADD CONSTRAINT notices_window_check CHECK (start_at IS NULL OR end_at IS NULL OR end_at > start_at);
--> statement-breakpoint
-- The tabs of /find. Deleting a category keeps its news, without a category.
CREATE TABLE news_categories (
  id serial PRIMARY KEY,
  name text NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  i18n jsonb NOT NULL DEFAULT '{}',
  CONSTRAINT news_categories_name_key UNIQUE (name)
);
--> statement-breakpoint
ALTER TABLE news ADD COLUMN category_id integer REFERENCES news_categories (id) ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX news_category_published_idx ON news (category_id, published_at DESC);
--> statement-breakpoint
-- The brand's sponsorships (/app/sponsor). `period` is the operator's own words ("2024-2026 赛季").
CREATE TABLE sponsors (
  id serial PRIMARY KEY,
  title text NOT NULL,
  image text NOT NULL DEFAULT '',
  summary text NOT NULL DEFAULT '',
  content text NOT NULL DEFAULT '',
  period text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  i18n jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
