-- The inbox (issue 24). A message is either a system message (kind 'system': a template key and its params, rendered
-- in the reading request's language; title/content keep the zh-CN text for operators and exports) or one member's
-- copy of an operator send (kind 'operator': the texts live once on message_sends, the row only links to it, so a
-- send to 100,000 members writes 100,000 narrow rows). Deleted messages keep their row with deleted_at set.
CREATE TABLE message_sends (
	id bigserial PRIMARY KEY,
	title text NOT NULL,
	content text NOT NULL,
	-- The other languages' title and content (contract localized.ts); a missing one is converted from zh-CN.
	i18n jsonb NOT NULL DEFAULT '{}',
	-- all, level:<n> or members:<id,id,...>, as the operator wrote it.
	audience text NOT NULL,
	recipients integer NOT NULL DEFAULT 0,
	operator_id bigint NOT NULL REFERENCES operators (id),
	created_at timestamptz NOT NULL DEFAULT now(),
	withdrawn_at timestamptz
);
--> statement-breakpoint
ALTER TABLE messages ADD COLUMN kind text NOT NULL DEFAULT 'system' CHECK (kind IN ('system', 'operator'));
--> statement-breakpoint
ALTER TABLE messages ADD COLUMN template text;
--> statement-breakpoint
ALTER TABLE messages ADD COLUMN params jsonb NOT NULL DEFAULT '{}';
--> statement-breakpoint
ALTER TABLE messages ADD COLUMN i18n jsonb NOT NULL DEFAULT '{}';
--> statement-breakpoint
-- The event a system message belongs to (withdrawal:12:paid, reward:345, ...): one message per event and member.
ALTER TABLE messages ADD COLUMN ref text;
--> statement-breakpoint
ALTER TABLE messages ADD COLUMN send_id bigint REFERENCES message_sends (id);
--> statement-breakpoint
ALTER TABLE messages ADD COLUMN deleted_at timestamptz;
--> statement-breakpoint
-- A member's inbox, newest first (the list and its total).
CREATE INDEX messages_member_newest_idx ON messages (member_id, id DESC) WHERE deleted_at IS NULL;
--> statement-breakpoint
-- A member's unread count (the badge, read on every page and after every push).
CREATE INDEX messages_member_unread_idx ON messages (member_id) WHERE read_at IS NULL AND deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX messages_send_idx ON messages (send_id) WHERE send_id IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX messages_member_ref_key ON messages (member_id, ref) WHERE ref IS NOT NULL;
--> statement-breakpoint
ALTER TABLE messages ADD CONSTRAINT messages_kind_shape_check
	CHECK ((kind = 'operator') = (send_id IS NOT NULL));
--> statement-breakpoint
-- The devices a member has signed in or registered on: a sign-in from one not listed sends a notice. Sessions are
-- purged once expired, so they cannot tell; this keeps one row per member and device for ever.
CREATE TABLE member_devices (
	member_id bigint NOT NULL REFERENCES members (id),
	device_no text NOT NULL,
	first_seen_at timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (member_id, device_no)
);
--> statement-breakpoint
INSERT INTO member_devices (member_id, device_no, first_seen_at)
	SELECT member_id, device_no, min(created_at) FROM member_sessions WHERE device_no <> '' GROUP BY member_id, device_no;
