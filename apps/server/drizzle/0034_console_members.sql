-- Issue 27: the console's members desk. The search (account and real-name prefix, phone, invite code, device) and the
-- list's sorts (registration, main balance, last sign-in, VIP) over 100,000 members each read an index, so a page and
-- its exact count stay in milliseconds (bench/console-members.bench.ts).

-- A locked member (status 'disabled') cannot sign in; when and why, for the profile (the audit log keeps who).
ALTER TABLE members ADD COLUMN locked_at timestamptz;
--> statement-breakpoint
ALTER TABLE members ADD COLUMN lock_reason text NOT NULL DEFAULT '';
--> statement-breakpoint
-- text_pattern_ops: `LIKE 'abc%'` reads the index whatever the database's collation.
CREATE INDEX members_account_prefix_idx ON members (account text_pattern_ops);
--> statement-breakpoint
CREATE INDEX members_real_name_prefix_idx ON members (real_name text_pattern_ops) WHERE real_name <> '';
--> statement-breakpoint
-- The unique index is on (phone_area, phone): operators search the number without its area code.
CREATE INDEX members_phone_idx ON members (phone) WHERE phone <> '';
--> statement-breakpoint
CREATE INDEX members_created_idx ON members (created_at, id);
--> statement-breakpoint
CREATE INDEX members_last_login_idx ON members (last_login_at DESC NULLS LAST, id DESC);
--> statement-breakpoint
CREATE INDEX members_vip_idx ON members (vip_level, id);
--> statement-breakpoint
-- Few members are locked: the filter on them reads this small index.
CREATE INDEX members_locked_idx ON members (id) WHERE status <> 'active';
--> statement-breakpoint
CREATE INDEX wallet_accounts_main_balance_idx ON wallet_accounts (balance, member_id) WHERE kind = 'main';
--> statement-breakpoint
-- Linked accounts: other members on the same device (the same payout account reads member_cards_account_no_idx, 0022).
CREATE INDEX member_devices_device_idx ON member_devices (device_no);
--> statement-breakpoint
-- Operators' notes on a member: append-only like the audit log (no update, no delete).
CREATE TABLE member_notes (
	id bigserial PRIMARY KEY,
	member_id bigint NOT NULL REFERENCES members (id),
	operator_id bigint NOT NULL REFERENCES operators (id),
	body text NOT NULL CHECK (length(body) BETWEEN 1 AND 500),
	created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX member_notes_member_idx ON member_notes (member_id, id DESC);
