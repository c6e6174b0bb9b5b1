CREATE TABLE "accounting"."equipment" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"source_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting"."hires" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"equipment_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"price" numeric(16, 2) NOT NULL,
	"pricing_term" text NOT NULL,
	"delivery_charge" numeric(16, 2) NOT NULL,
	"operator_cost" numeric(16, 2) NOT NULL,
	"hire_start_date" date NOT NULL,
	"hire_end_date" date NOT NULL,
	"hire_duration_days" integer NOT NULL,
	"net_cost" numeric(16, 2) NOT NULL,
	"hire_status" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"source_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounting"."hires" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "accounting"."idempotent_requests" (
	"subject" text NOT NULL,
	"caller" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotent_requests_subject_caller_key_pk" PRIMARY KEY("subject","caller","key")
);
--> statement-breakpoint
CREATE TABLE "accounting"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "accounting"."outbox_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subject" text NOT NULL,
	"customer_id" uuid,
	"payload" jsonb NOT NULL,
	"request_id" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "accounting"."processed_events" (
	"consumer" text NOT NULL,
	"event_id" uuid NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "accounting"."project_syncs" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"zahara_cursor" text,
	"sites_cursor" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"last_stats" jsonb,
	"last_error" text,
	"started_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounting"."project_syncs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "accounting"."purchase_order_hires" (
	"hire_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"purchase_order_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounting"."purchase_order_hires" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "accounting"."purchase_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"supplier_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"origin" text NOT NULL,
	"zahara_document_id" text,
	"zahara_po_number" text,
	"line_item_count" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounting"."purchase_orders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "accounting"."settings" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"api_key_encrypted" text,
	"api_key_last_four" text,
	"nominal_code" text,
	"nominal_code_id" bigint,
	"nominal_description" text,
	"tax_code" text,
	"tax_code_id" bigint,
	"tax_description" text,
	"tax_percentage" double precision,
	"cost_code" text,
	"cost_code_id" bigint,
	"cost_description" text,
	"division_code" text,
	"division_code_id" bigint,
	"division_description" text,
	"is_active" boolean DEFAULT false NOT NULL,
	"auto_create_purchase_orders" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounting"."settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "accounting"."sites" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address_line_1" text NOT NULL,
	"address_line_2" text,
	"city" text NOT NULL,
	"county" text,
	"postcode" text NOT NULL,
	"country" text NOT NULL,
	"job_number" text,
	"status" text NOT NULL,
	"zahara_project_id" text,
	"site_updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"source_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounting"."sites" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "accounting"."supplier_matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"zahara_supplier_id" bigint NOT NULL,
	"zahara_nominal_id" bigint,
	"zahara_default_tax_code_id" bigint,
	"zahara_cost_code_id" bigint,
	"zahara_division_id" bigint,
	"exported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounting"."supplier_matches" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "accounting"."suppliers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"contact_email" text,
	"contact_phone" text,
	"address" text,
	"is_active" boolean NOT NULL,
	"deleted_at" timestamp with time zone,
	"source_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounting"."purchase_order_hires" ADD CONSTRAINT "purchase_order_hires_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "accounting"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hires_customer_idx" ON "accounting"."hires" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "accounting"."outbox" USING btree ("seq") WHERE "accounting"."outbox"."published_at" is null;--> statement-breakpoint
CREATE INDEX "purchase_order_hires_order_idx" ON "accounting"."purchase_order_hires" USING btree ("purchase_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_customer_external_idx" ON "accounting"."purchase_orders" USING btree ("customer_id","external_id");--> statement-breakpoint
CREATE INDEX "purchase_orders_due_idx" ON "accounting"."purchase_orders" USING btree ("next_attempt_at") WHERE "accounting"."purchase_orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "sites_customer_idx" ON "accounting"."sites" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_matches_customer_supplier_idx" ON "accounting"."supplier_matches" USING btree ("customer_id","supplier_id");--> statement-breakpoint
CREATE POLICY "hires_tenant_isolation" ON "accounting"."hires" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid) WITH CHECK (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "project_syncs_tenant_isolation" ON "accounting"."project_syncs" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid) WITH CHECK (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "purchase_order_hires_tenant_isolation" ON "accounting"."purchase_order_hires" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid) WITH CHECK (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "purchase_orders_tenant_isolation" ON "accounting"."purchase_orders" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid) WITH CHECK (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "settings_tenant_isolation" ON "accounting"."settings" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid) WITH CHECK (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "sites_tenant_isolation" ON "accounting"."sites" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid) WITH CHECK (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "supplier_matches_tenant_isolation" ON "accounting"."supplier_matches" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid) WITH CHECK (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid);