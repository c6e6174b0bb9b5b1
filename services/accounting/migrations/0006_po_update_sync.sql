ALTER TABLE "accounting"."purchase_orders" ADD COLUMN "change_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounting"."purchase_orders" ADD COLUMN "update_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounting"."purchase_orders" ADD COLUMN "update_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounting"."purchase_orders" ADD COLUMN "update_error" text;--> statement-breakpoint
CREATE INDEX "purchase_orders_update_due_idx" ON "accounting"."purchase_orders" USING btree ("update_due_at") WHERE "accounting"."purchase_orders"."status" = 'created' and "accounting"."purchase_orders"."update_due_at" is not null;