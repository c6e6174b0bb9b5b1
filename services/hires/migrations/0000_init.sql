-- Trigram indexes (search over equipment, supplier and site names and job numbers) need
-- pg_trgm. Services migrating at the same moment may both create it: the loser's
-- duplicate is harmless.
DO $$ BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
END $$;
--> statement-breakpoint
CREATE TABLE "hires"."company_plans" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"plan" text NOT NULL,
	"source_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hires"."company_plans" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "hires"."equipment" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"image_url" text,
	"image_card_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"source_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hires"."hires" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"equipment_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"pricing_term" text NOT NULL,
	"price_per_day" numeric(16, 2) NOT NULL,
	"delivery_charge" numeric(12, 2) DEFAULT '0' NOT NULL,
	"operator_cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"hire_start_date" date NOT NULL,
	"hire_end_date" date NOT NULL,
	"hire_duration_days" integer NOT NULL,
	"net_cost" numeric(16, 2) NOT NULL,
	"vat_amount" numeric(16, 2) NOT NULL,
	"total_cost" numeric(16, 2) NOT NULL,
	"hire_status" text DEFAULT 'active' NOT NULL,
	"additional_details" text,
	"zahara_document_id" text,
	"zahara_po_number" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hires"."hires" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "hires"."idempotent_requests" (
	"subject" text NOT NULL,
	"caller" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotent_requests_subject_caller_key_pk" PRIMARY KEY("subject","caller","key")
);
--> statement-breakpoint
CREATE TABLE "hires"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "hires"."outbox_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subject" text NOT NULL,
	"customer_id" uuid,
	"payload" jsonb NOT NULL,
	"request_id" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hires"."processed_events" (
	"consumer" text NOT NULL,
	"event_id" uuid NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "hires"."sites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address_line_1" text NOT NULL,
	"address_line_2" text,
	"city" text NOT NULL,
	"county" text,
	"postcode" text NOT NULL,
	"country" text DEFAULT 'GB' NOT NULL,
	"job_number" text,
	"status" text DEFAULT 'active' NOT NULL,
	"zahara_project_id" text,
	"latitude" double precision,
	"longitude" double precision,
	"geocode_source" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hires"."sites" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "hires"."suppliers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"source_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hires"."users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"profile_picture_url" text,
	"source_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hires"."users" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "hires"."hires" ADD CONSTRAINT "hires_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "hires"."sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "equipment_name_trgm_idx" ON "hires"."equipment" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "hires_customer_status_created_idx" ON "hires"."hires" USING btree ("customer_id","hire_status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "hires_customer_created_idx" ON "hires"."hires" USING btree ("customer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "hires_customer_end_idx" ON "hires"."hires" USING btree ("customer_id","hire_end_date");--> statement-breakpoint
CREATE INDEX "hires_customer_equipment_idx" ON "hires"."hires" USING btree ("customer_id","equipment_id");--> statement-breakpoint
CREATE INDEX "hires_customer_supplier_idx" ON "hires"."hires" USING btree ("customer_id","supplier_id");--> statement-breakpoint
CREATE INDEX "hires_site_idx" ON "hires"."hires" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "hires"."outbox" USING btree ("seq") WHERE "hires"."outbox"."published_at" is null;--> statement-breakpoint
CREATE INDEX "sites_customer_created_idx" ON "hires"."sites" USING btree ("customer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sites_customer_status_idx" ON "hires"."sites" USING btree ("customer_id","status");--> statement-breakpoint
CREATE INDEX "sites_name_trgm_idx" ON "hires"."sites" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sites_job_number_trgm_idx" ON "hires"."sites" USING gin ("job_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "suppliers_name_trgm_idx" ON "hires"."suppliers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE POLICY "company_plans_tenant_isolation" ON "hires"."company_plans" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid) WITH CHECK (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "hires_tenant_isolation" ON "hires"."hires" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid) WITH CHECK (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "sites_tenant_isolation" ON "hires"."sites" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid) WITH CHECK (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "users_tenant_isolation" ON "hires"."users" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid) WITH CHECK (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid);