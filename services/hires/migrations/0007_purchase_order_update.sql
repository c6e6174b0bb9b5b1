ALTER TABLE "hires"."hires" ADD COLUMN "purchase_order_update_error" text;--> statement-breakpoint
ALTER TABLE "hires"."hires" ADD COLUMN "purchase_order_updated_at" timestamp with time zone;