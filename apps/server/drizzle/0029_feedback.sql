-- Feedback (issue 25): what a member writes to the operators (a category of dictionary 030, text, up to three
-- uploaded images) and the operator's answer. A second reply replaces the text and counts in `replies` (each one
-- tells the member in the inbox); a closed one takes no more replies.
CREATE TABLE feedback (
	id bigserial PRIMARY KEY,
	member_id bigint NOT NULL REFERENCES members (id),
	-- A code under config_tree '030' when it was written (the name is looked up when read).
	category text NOT NULL,
	content text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 1000),
	-- Paths of the member's uploads (/uploads/<hex>.<ext>), checked to exist and to be images when written.
	images text[] NOT NULL DEFAULT '{}' CHECK (cardinality(images) <= 3),
	status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'replied', 'closed')),
	reply text CHECK (char_length(reply) BETWEEN 1 AND 2000),
	replies integer NOT NULL DEFAULT 0,
	replied_at timestamptz,
	replied_by bigint REFERENCES operators (id),
	closed_at timestamptz,
	closed_by bigint REFERENCES operators (id),
	created_at timestamptz NOT NULL DEFAULT now(),
	-- Answered means a reply is there; closed means a time and who.
	CHECK (status <> 'replied' OR reply IS NOT NULL),
	CHECK ((status = 'closed') = (closed_at IS NOT NULL))
);
--> statement-breakpoint
-- A member's list, newest first, and their waiting and today's counts (the caps).
CREATE INDEX feedback_member_newest_idx ON feedback (member_id, id DESC);
--> statement-breakpoint
-- The operators' queue: by status, newest first.
CREATE INDEX feedback_status_newest_idx ON feedback (status, id DESC);
