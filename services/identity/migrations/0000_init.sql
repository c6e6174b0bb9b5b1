CREATE TABLE "identity"."customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"status" text DEFAULT 'free' NOT NULL,
	"subscription_plan" text DEFAULT 'free' NOT NULL,
	"subscription_start_date" timestamp with time zone,
	"subscription_end_date" timestamp with time zone,
	"subscription_canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity"."customers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "identity"."invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity"."invitations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "identity"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "identity"."outbox_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subject" text NOT NULL,
	"customer_id" uuid,
	"payload" jsonb NOT NULL,
	"request_id" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity"."processed_events" (
	"consumer" text NOT NULL,
	"event_id" uuid NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "identity"."users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"role" text NOT NULL,
	"profile_picture_url" text,
	"language_preference" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"google_id" text,
	"microsoft_id" text,
	"apple_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_google_id_unique" UNIQUE("google_id"),
	CONSTRAINT "users_microsoft_id_unique" UNIQUE("microsoft_id"),
	CONSTRAINT "users_apple_id_unique" UNIQUE("apple_id")
);
--> statement-breakpoint
ALTER TABLE "identity"."users" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "identity"."invitations" ADD CONSTRAINT "invitations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "identity"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "identity"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD CONSTRAINT "users_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "identity"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_hash_unique" ON "identity"."invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitations_pending_email_idx" ON "identity"."invitations" USING btree ("customer_id",lower("email")) WHERE "identity"."invitations"."accepted_at" is null and "identity"."invitations"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "invitations_invited_by_idx" ON "identity"."invitations" USING btree ("invited_by");--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "identity"."outbox" USING btree ("seq") WHERE "identity"."outbox"."published_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "identity"."users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_customer_name_idx" ON "identity"."users" USING btree ("customer_id","name");--> statement-breakpoint
CREATE POLICY "customers_tenant_isolation" ON "identity"."customers" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.bypass_rls', true) = 'on' or "id" = nullif(current_setting('app.customer_id', true), '')::uuid) WITH CHECK (current_setting('app.bypass_rls', true) = 'on' or "id" = nullif(current_setting('app.customer_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "invitations_tenant_isolation" ON "identity"."invitations" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid) WITH CHECK (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "users_tenant_isolation" ON "identity"."users" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid) WITH CHECK (current_setting('app.bypass_rls', true) = 'on' or "customer_id" = nullif(current_setting('app.customer_id', true), '')::uuid);