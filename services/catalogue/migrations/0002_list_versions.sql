CREATE TABLE "catalogue"."list_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "catalogue"."list_versions" ("name") VALUES ('equipment'), ('suppliers');--> statement-breakpoint
-- Every write to a shared list's table moves its counter, in the writing transaction: a
-- reader sees the new rows and the new counter together, or neither.
CREATE FUNCTION "catalogue"."bump_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue"."list_versions" SET "version" = "version" + 1 WHERE "name" = TG_ARGV[0];
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "equipment_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalogue"."equipment"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue"."bump_list_version"('equipment');--> statement-breakpoint
CREATE TRIGGER "suppliers_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalogue"."suppliers"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue"."bump_list_version"('suppliers');
