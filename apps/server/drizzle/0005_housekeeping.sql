-- The purge finds expired rows by expiry; without these it scans whole tables every period.
CREATE INDEX IF NOT EXISTS "captchas_expires_idx" ON "captchas" ("expires_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "verification_codes_expires_idx" ON "verification_codes" ("expires_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "member_sessions_expires_idx" ON "member_sessions" ("expires_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "operator_sessions_expires_idx" ON "operator_sessions" ("expires_at");
