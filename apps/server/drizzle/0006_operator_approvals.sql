-- Actions one operator may ask for but only a second operator may carry out (adjustments above the limit).
-- The request stores everything needed to act, so approving runs exactly what was asked, once.
CREATE TABLE IF NOT EXISTS "operator_approvals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"request_key" text NOT NULL,
	"target" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" bigint NOT NULL REFERENCES "operators"("id"),
	"decided_by" bigint REFERENCES "operators"("id"),
	"reason" text DEFAULT '' NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "operator_approvals_status_check" CHECK ("status" IN ('pending', 'approved', 'rejected')),
	-- Four eyes: the database refuses a request decided by the operator who made it.
	CONSTRAINT "operator_approvals_second_operator_check" CHECK ("decided_by" IS NULL OR "decided_by" <> "requested_by"),
	CONSTRAINT "operator_approvals_decided_check" CHECK (("status" = 'pending') = ("decided_by" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "operator_approvals_request_key" ON "operator_approvals" ("request_key");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "operator_approvals_status_idx" ON "operator_approvals" ("status", "id");
