-- The customer-service chat (issue 25). A conversation belongs to a member or to a chat guest (someone not signed
-- in, known by the site's device id); each has at most one conversation that is not closed (the partial unique
-- indexes below). Messages are numbered 1, 2, 3... per conversation: the sender takes the conversation's row lock,
-- bumps last_seq and inserts under it, so parallel sends can neither skip nor repeat a number; a client's id for a
-- message (client_id) is unique per conversation, so a resend after a dropped socket stores nothing new.
CREATE TABLE support_guests (
	id bigserial PRIMARY KEY,
	device_no text NOT NULL UNIQUE,
	created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE support_conversations (
	id bigserial PRIMARY KEY,
	member_id bigint REFERENCES members (id),
	guest_id bigint REFERENCES support_guests (id),
	-- waiting: not with an agent (in the queue once queued_at is set: the member asked for a human); open: an agent
	-- (operator_id) has it; closed: ended.
	status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'open', 'closed')),
	-- The member's language when it was opened: bot answers and notes are written in it.
	lang text NOT NULL DEFAULT 'zh-CN' CHECK (lang IN ('zh-CN', 'zh-HK')),
	operator_id bigint REFERENCES operators (id),
	queued_at timestamptz,
	last_seq integer NOT NULL DEFAULT 0 CHECK (last_seq >= 0),
	-- How far each side has read the other's messages.
	member_seen_seq integer NOT NULL DEFAULT 0 CHECK (member_seen_seq >= 0),
	agent_seen_seq integer NOT NULL DEFAULT 0 CHECK (agent_seen_seq >= 0),
	rating smallint CHECK (rating BETWEEN 1 AND 5),
	comment text,
	created_at timestamptz NOT NULL DEFAULT now(),
	last_at timestamptz NOT NULL DEFAULT now(),
	taken_at timestamptz,
	closed_at timestamptz,
	rated_at timestamptz,
	CHECK ((member_id IS NULL) <> (guest_id IS NULL)),
	CHECK (status <> 'open' OR operator_id IS NOT NULL),
	CHECK ((status = 'closed') = (closed_at IS NOT NULL)),
	CHECK (rating IS NULL OR status = 'closed'),
	CHECK (member_seen_seq <= last_seq AND agent_seen_seq <= last_seq)
);
--> statement-breakpoint
CREATE UNIQUE INDEX support_conversations_member_live_idx ON support_conversations (member_id)
	WHERE member_id IS NOT NULL AND status <> 'closed';
--> statement-breakpoint
CREATE UNIQUE INDEX support_conversations_guest_live_idx ON support_conversations (guest_id)
	WHERE guest_id IS NOT NULL AND status <> 'closed';
--> statement-breakpoint
CREATE INDEX support_conversations_member_idx ON support_conversations (member_id, id DESC) WHERE member_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX support_conversations_guest_idx ON support_conversations (guest_id, id DESC) WHERE guest_id IS NOT NULL;
--> statement-breakpoint
-- The queue, oldest first.
CREATE INDEX support_conversations_queue_idx ON support_conversations (queued_at)
	WHERE status = 'waiting' AND queued_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX support_conversations_agent_idx ON support_conversations (operator_id) WHERE status = 'open';
--> statement-breakpoint
CREATE TABLE support_messages (
	id bigserial PRIMARY KEY,
	conversation_id bigint NOT NULL REFERENCES support_conversations (id),
	seq integer NOT NULL CHECK (seq >= 1),
	author text NOT NULL CHECK (author IN ('member', 'agent', 'bot', 'system')),
	operator_id bigint REFERENCES operators (id),
	kind text NOT NULL CHECK (kind IN ('text', 'image')),
	text text NOT NULL DEFAULT '',
	image text,
	client_id text,
	-- A bot's answer: the help article it quotes ({ id, title, slug }).
	article jsonb,
	created_at timestamptz NOT NULL DEFAULT now(),
	UNIQUE (conversation_id, seq),
	UNIQUE (conversation_id, client_id),
	CHECK ((kind = 'image') = (image IS NOT NULL)),
	CHECK ((author = 'agent') = (operator_id IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE support_canned (
	id bigserial PRIMARY KEY,
	position integer NOT NULL,
	title text NOT NULL,
	text text NOT NULL,
	created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- One row: the built-in desk on or off (preInfo.supportDesk) and the service hours in the platform's zone (open =
-- close: all day). Off until an operator (or the demo seed) turns it on. `settled`: an operator (or the demo seed)
-- has set it, so a later demo start leaves it as it is.
CREATE TABLE support_settings (
	id boolean PRIMARY KEY DEFAULT true CHECK (id),
	desk boolean NOT NULL DEFAULT false,
	settled boolean NOT NULL DEFAULT false,
	open_at text NOT NULL DEFAULT '09:00' CHECK (open_at ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	close_at text NOT NULL DEFAULT '21:00' CHECK (close_at ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
INSERT INTO support_settings (id) VALUES (true);
--> statement-breakpoint
-- Messages left outside service hours; the reply reaches the member's inbox (template support_reply).
CREATE TABLE support_left_messages (
	id bigserial PRIMARY KEY,
	member_id bigint NOT NULL REFERENCES members (id),
	content text NOT NULL,
	contact text NOT NULL DEFAULT '',
	reply text,
	replied_by bigint REFERENCES operators (id),
	replied_at timestamptz,
	created_at timestamptz NOT NULL DEFAULT now(),
	CHECK ((reply IS NULL) = (replied_at IS NULL) AND (reply IS NULL) = (replied_by IS NULL))
);
--> statement-breakpoint
CREATE INDEX support_left_messages_member_idx ON support_left_messages (member_id, id DESC);
--> statement-breakpoint
CREATE INDEX support_left_messages_pending_idx ON support_left_messages (id) WHERE reply IS NULL;
--> statement-breakpoint
-- Which agents have a desk socket open: one row per agent and server process, refreshed while the socket lives; an
-- agent is online while any row of theirs is fresh (every process sees it, whichever holds the socket).
CREATE TABLE support_presence (
	operator_id bigint NOT NULL REFERENCES operators (id),
	process text NOT NULL,
	seen_at timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (operator_id, process)
);
