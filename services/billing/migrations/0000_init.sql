CREATE TABLE "billing"."idempotent_requests" (
	"subject" text NOT NULL,
	"caller" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotent_requests_subject_caller_key_pk" PRIMARY KEY("subject","caller","key")
);
--> statement-breakpoint
CREATE TABLE "billing"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "billing"."outbox_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subject" text NOT NULL,
	"customer_id" uuid,
	"payload" jsonb NOT NULL,
	"request_id" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing"."processed_events" (
	"consumer" text NOT NULL,
	"event_id" uuid NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "billing"."stripe_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing"."subscriptions" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"stripe_price_id" text,
	"plan" text DEFAULT 'free' NOT NULL,
	"status" text DEFAULT 'free' NOT NULL,
	"billing_interval" text,
	"subscription_start_date" timestamp with time zone,
	"subscription_end_date" timestamp with time zone,
	"subscription_canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_stripe_customer_unique" UNIQUE("stripe_customer_id"),
	CONSTRAINT "subscriptions_stripe_subscription_unique" UNIQUE("stripe_subscription_id")
);
--> statement-breakpoint
ALTER TABLE "billing"."subscriptions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "billing"."outbox" USING btree ("seq") WHERE "billing"."outbox"."published_at" is null;--> statement-breakpoint
CREATE INDEX "subscriptions_renewal_idx" ON "billing"."subscriptions" USING btree ("subscription_end_date");--> statement-breakpoint
CREATE POLICY "subscriptions_tenant_isolation" ON "billing"."subscriptions" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid) WITH CHECK (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid);