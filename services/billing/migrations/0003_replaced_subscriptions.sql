CREATE TABLE "billing"."replaced_subscriptions" (
	"stripe_subscription_id" text PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"replaced_by" text NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing"."replaced_subscriptions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "replaced_subscriptions_tenant_isolation" ON "billing"."replaced_subscriptions" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid) WITH CHECK (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid);