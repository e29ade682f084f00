-- Sign-in history and step-up checks (issue 25).

-- A step-up (the sign-in password or an SMS code to the bound phone, given again) lets this session make the guarded
-- changes (phone, e-mail, payout accounts, withdraw password) until this time. On the session, not the token: tokens
-- rotate, and every process reads the same row.
ALTER TABLE member_sessions ADD COLUMN stepped_up_until timestamptz;
--> statement-breakpoint
-- Every successful sign-in (and the registration, the first one). Sessions are purged once expired; these rows stay,
-- so session_id carries no foreign key. `area` is the zh-CN name read from the offline database at sign-in time ('' when
-- unknown); `network` says whether the address was private or loopback (shown as 本地网络).
CREATE TABLE member_logins (
	id bigserial PRIMARY KEY,
	member_id bigint NOT NULL REFERENCES members (id),
	session_id bigint NOT NULL,
	at timestamptz NOT NULL DEFAULT now(),
	ip text NOT NULL,
	network text NOT NULL CHECK (network IN ('public', 'local')),
	area text NOT NULL DEFAULT '',
	device text NOT NULL DEFAULT '',
	device_kind text NOT NULL CHECK (device_kind IN ('phone', 'tablet', 'desktop', 'unknown')),
	device_no text NOT NULL DEFAULT ''
);
--> statement-breakpoint
CREATE INDEX member_logins_member_idx ON member_logins (member_id, id DESC);
