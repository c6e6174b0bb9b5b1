DROP INDEX "hires"."equipment_name_trgm_idx";--> statement-breakpoint
DROP INDEX "hires"."suppliers_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "hires"."equipment" ADD COLUMN "search_name" text GENERATED ALWAYS AS (lower(name)) STORED;--> statement-breakpoint
ALTER TABLE "hires"."suppliers" ADD COLUMN "search_name" text GENERATED ALWAYS AS (lower(name)) STORED;--> statement-breakpoint
CREATE INDEX "equipment_search_name_trgm_idx" ON "hires"."equipment" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "suppliers_search_name_trgm_idx" ON "hires"."suppliers" USING gin ("search_name" gin_trgm_ops);