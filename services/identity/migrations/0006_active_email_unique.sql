DROP INDEX "identity"."users_email_lower_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "identity"."users" USING btree (lower("email")) WHERE "identity"."users"."is_active";--> statement-breakpoint
-- A removed user's row no longer holds their sign-ins either: they may sign up again with them.
UPDATE "identity"."users" SET "google_id" = NULL, "microsoft_id" = NULL, "apple_id" = NULL WHERE NOT "is_active";
