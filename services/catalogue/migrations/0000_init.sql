-- Trigram indexes and similarity (search, near-duplicate names); trusted, so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "catalogue"."equipment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid,
	"name" text NOT NULL,
	"description" text,
	"category" text NOT NULL,
	"unit_of_measure" text,
	"power" text,
	"image_url" text,
	"image_card_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"search_text" text GENERATED ALWAYS AS (name || ' ' || coalesce(description, '') || ' ' || category) STORED,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue"."equipment" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "catalogue"."equipment_favorites" (
	"customer_id" uuid NOT NULL,
	"equipment_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "equipment_favorites_customer_id_equipment_id_pk" PRIMARY KEY("customer_id","equipment_id")
);
--> statement-breakpoint
ALTER TABLE "catalogue"."equipment_favorites" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "catalogue"."hire_prices" (
	"hire_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"equipment_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"price_per_day" numeric(12, 2) NOT NULL,
	"hire_start_date" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"source_updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "catalogue"."hire_prices" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "catalogue"."idempotent_requests" (
	"subject" text NOT NULL,
	"caller" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotent_requests_subject_caller_key_pk" PRIMARY KEY("subject","caller","key")
);
--> statement-breakpoint
CREATE TABLE "catalogue"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "catalogue"."outbox_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subject" text NOT NULL,
	"customer_id" uuid,
	"payload" jsonb NOT NULL,
	"request_id" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "catalogue"."processed_events" (
	"consumer" text NOT NULL,
	"event_id" uuid NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue"."supplier_details" (
	"customer_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"contact_name" text,
	"contact_email" text,
	"phone" text,
	"preferred_order_method" text,
	"availability_check_method" text,
	"zahara_supplier_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_details_customer_id_supplier_id_pk" PRIMARY KEY("customer_id","supplier_id")
);
--> statement-breakpoint
ALTER TABLE "catalogue"."supplier_details" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "catalogue"."supplier_favorites" (
	"customer_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_favorites_customer_id_supplier_id_pk" PRIMARY KEY("customer_id","supplier_id")
);
--> statement-breakpoint
ALTER TABLE "catalogue"."supplier_favorites" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "catalogue"."supplier_timeline" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"body" text,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue"."supplier_timeline" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "catalogue"."suppliers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by" uuid,
	"created_by_user" uuid,
	"name" text NOT NULL,
	"contact_email" text,
	"contact_phone" text,
	"address" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue"."suppliers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "catalogue"."equipment_favorites" ADD CONSTRAINT "equipment_favorites_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "catalogue"."equipment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue"."supplier_details" ADD CONSTRAINT "supplier_details_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "catalogue"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue"."supplier_favorites" ADD CONSTRAINT "supplier_favorites_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "catalogue"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue"."supplier_timeline" ADD CONSTRAINT "supplier_timeline_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "catalogue"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "equipment_search_trgm_idx" ON "catalogue"."equipment" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "equipment_name_trgm_idx" ON "catalogue"."equipment" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "equipment_name_idx" ON "catalogue"."equipment" USING btree ("name","id") WHERE "catalogue"."equipment"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "equipment_category_name_idx" ON "catalogue"."equipment" USING btree ("category","name","id") WHERE "catalogue"."equipment"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "equipment_customer_idx" ON "catalogue"."equipment" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "equipment_favorites_equipment_idx" ON "catalogue"."equipment_favorites" USING btree ("equipment_id");--> statement-breakpoint
CREATE INDEX "hire_prices_latest_idx" ON "catalogue"."hire_prices" USING btree ("customer_id","equipment_id","hire_start_date" DESC NULLS LAST,"created_at" DESC NULLS LAST) WHERE "catalogue"."hire_prices"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "catalogue"."outbox" USING btree ("seq") WHERE "catalogue"."outbox"."published_at" is null;--> statement-breakpoint
CREATE INDEX "supplier_details_supplier_idx" ON "catalogue"."supplier_details" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "supplier_favorites_supplier_idx" ON "catalogue"."supplier_favorites" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "supplier_timeline_company_supplier_idx" ON "catalogue"."supplier_timeline" USING btree ("customer_id","supplier_id","created_at");--> statement-breakpoint
CREATE INDEX "supplier_timeline_notes_idx" ON "catalogue"."supplier_timeline" USING btree ("customer_id","supplier_id","created_at") WHERE "catalogue"."supplier_timeline"."type" = 'note';--> statement-breakpoint
CREATE INDEX "supplier_timeline_supplier_idx" ON "catalogue"."supplier_timeline" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "suppliers_name_trgm_idx" ON "catalogue"."suppliers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "suppliers_name_idx" ON "catalogue"."suppliers" USING btree ("name","id") WHERE "catalogue"."suppliers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "suppliers_created_by_idx" ON "catalogue"."suppliers" USING btree ("created_by");--> statement-breakpoint
CREATE POLICY "equipment_read_all" ON "catalogue"."equipment" AS PERMISSIVE FOR SELECT TO public USING (true);--> statement-breakpoint
CREATE POLICY "equipment_owner_insert" ON "catalogue"."equipment" AS PERMISSIVE FOR INSERT TO public WITH CHECK (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "equipment_owner_update" ON "catalogue"."equipment" AS PERMISSIVE FOR UPDATE TO public USING (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid) WITH CHECK (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "equipment_owner_delete" ON "catalogue"."equipment" AS PERMISSIVE FOR DELETE TO public USING (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "equipment_favorites_tenant_isolation" ON "catalogue"."equipment_favorites" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid) WITH CHECK (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "hire_prices_tenant_isolation" ON "catalogue"."hire_prices" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid) WITH CHECK (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "supplier_details_tenant_isolation" ON "catalogue"."supplier_details" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid) WITH CHECK (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "supplier_favorites_tenant_isolation" ON "catalogue"."supplier_favorites" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid) WITH CHECK (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "supplier_timeline_tenant_isolation" ON "catalogue"."supplier_timeline" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid) WITH CHECK (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "suppliers_read_all" ON "catalogue"."suppliers" AS PERMISSIVE FOR SELECT TO public USING (true);--> statement-breakpoint
CREATE POLICY "suppliers_owner_insert" ON "catalogue"."suppliers" AS PERMISSIVE FOR INSERT TO public WITH CHECK (current_setting('app.bypass_rls', true) = 'on' or "created_by" = nullif(current_setting('app.customer_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "suppliers_owner_update" ON "catalogue"."suppliers" AS PERMISSIVE FOR UPDATE TO public USING (current_setting('app.bypass_rls', true) = 'on' or "created_by" = nullif(current_setting('app.customer_id', true), '')::uuid) WITH CHECK (current_setting('app.bypass_rls', true) = 'on' or "created_by" = nullif(current_setting('app.customer_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "suppliers_owner_delete" ON "catalogue"."suppliers" AS PERMISSIVE FOR DELETE TO public USING (current_setting('app.bypass_rls', true) = 'on' or "created_by" = nullif(current_setting('app.customer_id', true), '')::uuid);