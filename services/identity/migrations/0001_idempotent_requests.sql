CREATE TABLE "identity"."idempotent_requests" (
	"subject" text NOT NULL,
	"caller" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotent_requests_subject_caller_key_pk" PRIMARY KEY("subject","caller","key")
);
