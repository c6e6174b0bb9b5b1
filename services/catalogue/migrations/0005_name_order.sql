DROP INDEX "catalogue"."equipment_name_idx";--> statement-breakpoint
DROP INDEX "catalogue"."equipment_category_name_idx";--> statement-breakpoint
DROP INDEX "catalogue"."suppliers_name_idx";--> statement-breakpoint
CREATE INDEX "equipment_name_idx" ON "catalogue"."equipment" USING btree ("name" collate "und-x-icu","id") WHERE "catalogue"."equipment"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "equipment_category_name_idx" ON "catalogue"."equipment" USING btree ("category","name" collate "und-x-icu","id") WHERE "catalogue"."equipment"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "suppliers_name_idx" ON "catalogue"."suppliers" USING btree ("name" collate "und-x-icu","id") WHERE "catalogue"."suppliers"."deleted_at" is null;