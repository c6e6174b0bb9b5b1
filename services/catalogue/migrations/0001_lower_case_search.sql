ALTER TABLE "catalogue"."equipment" drop column "search_text";--> statement-breakpoint
ALTER TABLE "catalogue"."equipment" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || ' ' || coalesce(description, '') || ' ' || category)) STORED;--> statement-breakpoint
-- Dropping the column dropped its index; drizzle-kit does not know that, so it is made again here.
CREATE INDEX "equipment_search_trgm_idx" ON "catalogue"."equipment" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "catalogue"."suppliers" ADD COLUMN "search_name" text GENERATED ALWAYS AS (lower(name)) STORED;--> statement-breakpoint
CREATE INDEX "suppliers_search_trgm_idx" ON "catalogue"."suppliers" USING gin ("search_name" gin_trgm_ops);