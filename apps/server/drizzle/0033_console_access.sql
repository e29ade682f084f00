-- Issue 27: the roles trader and marketing, operators' second factor, sessions listed and ended when idle.

-- The five roles of the console's role matrix (packages/contract/src/operator-access.ts).
ALTER TABLE operators DROP CONSTRAINT operators_role_check;
--> statement-breakpoint
ALTER TABLE operators ADD CONSTRAINT operators_role_check
	CHECK (role IN ('admin', 'finance', 'support', 'trader', 'marketing'));
--> statement-breakpoint
-- Disabled operators cannot sign in and their sessions are refused (admin/README.md).
ALTER TABLE operators ADD CONSTRAINT operators_status_check CHECK (status IN ('active', 'disabled'));
--> statement-breakpoint
-- The TOTP second factor: the secret sealed with the server's key (never answered again once confirmed), when it was
-- confirmed (null: an enrolment started, not finished), and the last time step accepted (a code is used once).
ALTER TABLE operators ADD COLUMN otp_secret text;
--> statement-breakpoint
ALTER TABLE operators ADD COLUMN otp_confirmed_at timestamptz;
--> statement-breakpoint
ALTER TABLE operators ADD COLUMN otp_last_step bigint;
--> statement-breakpoint
-- Ten single-use recovery codes per enrolment, stored hashed; a new enrolment or a reset replaces them.
CREATE TABLE operator_recovery_codes (
	id bigserial PRIMARY KEY,
	operator_id bigint NOT NULL REFERENCES operators (id),
	code_hash text NOT NULL,
	used_at timestamptz
);
--> statement-breakpoint
CREATE INDEX operator_recovery_codes_operator_idx ON operator_recovery_codes (operator_id);
--> statement-breakpoint
-- Where a session was opened (the sessions lists show them); last_seen_at already exists and now ends idle sessions.
ALTER TABLE operator_sessions ADD COLUMN ip text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE operator_sessions ADD COLUMN user_agent text NOT NULL DEFAULT '';
--> statement-breakpoint
CREATE INDEX operator_sessions_operator_idx ON operator_sessions (operator_id);
