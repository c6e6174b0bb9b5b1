CREATE TABLE "billing"."scheduled_runs" (
	"job" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL
);
