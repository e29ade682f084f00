-- Each live bank or USDT order holds its exact pay amount (bank) or coin amount (USDT) here, so no two orders of one
-- scope can ever expect the same amount: the primary key refuses it. A slot outlives its order's expiry by a grace
-- period, because a late payment may still arrive for it; a confirmed or rejected order gives its slot back. The
-- order id is known before the order row is written (the slot decides the amount), so its foreign key is checked at
-- commit.
CREATE TABLE "deposit_amount_slots" (
	"scope" text NOT NULL,
	"amount" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"held_until" timestamp with time zone NOT NULL,
	CONSTRAINT "deposit_amount_slots_pkey" PRIMARY KEY ("scope","amount")
);
--> statement-breakpoint
ALTER TABLE "deposit_amount_slots" ADD CONSTRAINT "deposit_amount_slots_order_id_deposit_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."deposit_orders"("id") ON DELETE no action ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
CREATE INDEX "deposit_amount_slots_order_idx" ON "deposit_amount_slots" USING btree ("order_id");
--> statement-breakpoint
-- Every payment seen by the chain watcher or on a bank statement, once per reference. One that fits no single live
-- order waits here as 'unmatched' for an operator, instead of landing in anyone's wallet.
CREATE TABLE "deposit_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"amount" bigint NOT NULL,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"order_id" bigint,
	"note" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text DEFAULT '' NOT NULL,
	CONSTRAINT "deposit_payments_status_check" CHECK ("deposit_payments"."status" in ('matched', 'unmatched', 'assigned', 'dismissed')),
	CONSTRAINT "deposit_payments_amount_check" CHECK ("deposit_payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "deposit_payments" ADD CONSTRAINT "deposit_payments_order_id_deposit_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."deposit_orders"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_payments_reference_key" ON "deposit_payments" USING btree ("scope","reference");
--> statement-breakpoint
CREATE INDEX "deposit_payments_status_idx" ON "deposit_payments" USING btree ("status","id");
--> statement-breakpoint
CREATE INDEX "deposit_orders_member_status_idx" ON "deposit_orders" USING btree ("member_id","status");
--> statement-breakpoint
-- Orders made before this migration: an amount that exactly one live order expects keeps matching it; an amount
-- several orders share (the old tails could collide) gets no slot, so a payment of it goes to the operator queue.
INSERT INTO "deposit_amount_slots" ("scope", "amount", "order_id", "held_until")
SELECT "scope", "amount", min("id"), max("held_until")
FROM (
	SELECT
		CASE c."kind" WHEN 'usdt_trc20' THEN 'chain:TRC20' WHEN 'usdt_erc20' THEN 'chain:ERC20' ELSE 'channel:' || c."id" END AS "scope",
		CASE WHEN c."kind" IN ('usdt_trc20', 'usdt_erc20') THEN o."coin_amount" ELSE o."pay_amount" END AS "amount",
		o."id",
		o."expires_at" + interval '24 hours' AS "held_until"
	FROM "deposit_orders" o
	JOIN "deposit_channels" c ON c."id" = o."channel_id"
	WHERE o."status" IN ('pending', 'expired')
		AND c."kind" IN ('bank', 'usdt_trc20', 'usdt_erc20')
		AND o."expires_at" + interval '24 hours' > now()
) AS "live"
WHERE "amount" IS NOT NULL
GROUP BY "scope", "amount"
HAVING count(*) = 1;
