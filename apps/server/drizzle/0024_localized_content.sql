-- Content in the member's language (issue 24): each table of operator-written text keeps its default-language
-- (zh-CN) text in its own columns and the other languages' texts here, {"zh-HK": {"title": "...", ...}}. The server
-- answers in the request's language and converts the default text where no translation was written
-- (apps/server/src/shared/localize.ts).
ALTER TABLE banners ADD COLUMN i18n jsonb NOT NULL DEFAULT '{}';
--> statement-breakpoint
ALTER TABLE notices ADD COLUMN i18n jsonb NOT NULL DEFAULT '{}';
--> statement-breakpoint
ALTER TABLE promos ADD COLUMN i18n jsonb NOT NULL DEFAULT '{}';
--> statement-breakpoint
ALTER TABLE news ADD COLUMN i18n jsonb NOT NULL DEFAULT '{}';
--> statement-breakpoint
ALTER TABLE games ADD COLUMN i18n jsonb NOT NULL DEFAULT '{}';
--> statement-breakpoint
ALTER TABLE game_groups ADD COLUMN i18n jsonb NOT NULL DEFAULT '{}';
--> statement-breakpoint
ALTER TABLE vip_levels ADD COLUMN i18n jsonb NOT NULL DEFAULT '{}';
--> statement-breakpoint
ALTER TABLE task_templates ADD COLUMN i18n jsonb NOT NULL DEFAULT '{}';
