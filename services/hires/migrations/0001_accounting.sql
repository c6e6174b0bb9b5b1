CREATE TABLE "hires"."accounting_settings" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"is_active" boolean NOT NULL,
	"auto_create_purchase_orders" boolean NOT NULL,
	"source_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hires"."accounting_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "hires"."hires" ADD COLUMN "purchase_order_error" text;--> statement-breakpoint
ALTER TABLE "hires"."hires" ADD COLUMN "purchase_order_failed_at" timestamp with time zone;--> statement-breakpoint
CREATE POLICY "accounting_settings_tenant_isolation" ON "hires"."accounting_settings" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid) WITH CHECK (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid);