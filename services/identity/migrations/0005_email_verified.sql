ALTER TABLE "identity"."users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
-- Users who joined by an invitation sent to the address they still have proved they own it.
-- Everyone else proves it by a password reset (or signs in by a provider already linked).
UPDATE "identity"."users" AS u SET "email_verified_at" = i."accepted_at"
FROM "identity"."invitations" AS i
WHERE i."customer_id" = u."customer_id" AND i."accepted_at" IS NOT NULL AND lower(i."email") = lower(u."email");
