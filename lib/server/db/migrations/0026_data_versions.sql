CREATE TABLE "data_versions" (
	"table_name" text NOT NULL,
	"slot" integer NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "data_versions_table_name_slot_pk" PRIMARY KEY("table_name","slot")
);
--> statement-breakpoint
-- The answer cache (lib/server/db/answer-cache.ts) serves an answer again only while the written
-- counts of every table it read are unchanged. A statement-level trigger adds one in the writer's
-- own transaction, so the count and the data become visible together and a rollback undoes both.
-- A bump holds its row's lock until commit; each table has 16 rows (slots), and a writer takes the
-- first slot no other transaction holds (SKIP LOCKED), so concurrent writers of one table do not
-- queue behind each other. Only when every slot is held does it wait, on the slot of its backend.
CREATE OR REPLACE FUNCTION "data_version_bump"() RETURNS trigger AS $$
BEGIN
  UPDATE "data_versions" SET "version" = "version" + 1
  WHERE ("table_name", "slot") = (
    SELECT "table_name", "slot" FROM "data_versions" WHERE "table_name" = TG_TABLE_NAME
    ORDER BY "slot" LIMIT 1 FOR UPDATE SKIP LOCKED);
  IF NOT FOUND THEN
    INSERT INTO "data_versions" ("table_name", "slot", "version") VALUES (TG_TABLE_NAME, pg_backend_pid() % 16, 1)
    ON CONFLICT ("table_name", "slot") DO UPDATE SET "version" = "data_versions"."version" + 1;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- Counts start at the time in microseconds (slot 0), not at zero: a database dropped and migrated
-- again under running app processes (demo:reset) never comes back to a sum one of them has seen.
INSERT INTO "data_versions" ("table_name", "slot", "version")
SELECT t, s, CASE WHEN s = 0 THEN (extract(epoch FROM clock_timestamp()) * 1000000)::bigint ELSE 0 END FROM unnest(ARRAY['tags', 'holders', 'ips', 'designers', 'licensees', 'licenses', 'usages', 'sales', 'products',
  'invoices', 'sales_reports', 'reviews', 'notifications', 'contact_verifications']) AS t, generate_series(0, 15) AS s;--> statement-breakpoint
CREATE TRIGGER "data_version_bump" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tags" FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"();--> statement-breakpoint
CREATE TRIGGER "data_version_bump" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "holders" FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"();--> statement-breakpoint
CREATE TRIGGER "data_version_bump" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ips" FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"();--> statement-breakpoint
CREATE TRIGGER "data_version_bump" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "designers" FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"();--> statement-breakpoint
CREATE TRIGGER "data_version_bump" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "licensees" FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"();--> statement-breakpoint
CREATE TRIGGER "data_version_bump" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "licenses" FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"();--> statement-breakpoint
CREATE TRIGGER "data_version_bump" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "usages" FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"();--> statement-breakpoint
CREATE TRIGGER "data_version_bump" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sales" FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"();--> statement-breakpoint
CREATE TRIGGER "data_version_bump" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"();--> statement-breakpoint
CREATE TRIGGER "data_version_bump" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "invoices" FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"();--> statement-breakpoint
CREATE TRIGGER "data_version_bump" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sales_reports" FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"();--> statement-breakpoint
CREATE TRIGGER "data_version_bump" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reviews" FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"();--> statement-breakpoint
CREATE TRIGGER "data_version_bump" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "notifications" FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"();--> statement-breakpoint
CREATE TRIGGER "data_version_bump" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contact_verifications" FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"();
