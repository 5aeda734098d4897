CREATE TABLE "data_changes" (
	"table_name" text NOT NULL,
	"xact" bigint NOT NULL,
	CONSTRAINT "data_changes_table_name_xact_pk" PRIMARY KEY("table_name","xact")
);
--> statement-breakpoint
CREATE TABLE "data_versions" (
	"table_name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The answer cache (lib/server/db/answer-cache.ts) serves an answer again only while the count of
-- writing transactions of every table it read is unchanged: data_versions.version plus the table's
-- data_changes rows. A statement-level trigger adds the writer's row in its own transaction, so the
-- count and the data become visible together and a rollback undoes both. Writers only insert (one
-- row per table per transaction; no other transaction ever holds it), so no writer waits for
-- another's commit. About one writing transaction in 32 also folds the table's rows into its
-- version row, if no other transaction is folding it (SKIP LOCKED): the rows it deletes and the
-- number it adds commit together, so readers never see the sum change by a fold.
CREATE OR REPLACE FUNCTION "data_version_bump"() RETURNS trigger AS $$
DECLARE
  xact bigint := pg_current_xact_id()::text::bigint;
BEGIN
  INSERT INTO "data_changes" ("table_name", "xact") VALUES (TG_TABLE_NAME, xact) ON CONFLICT DO NOTHING;
  IF FOUND AND xact % 32 = 0 THEN
    PERFORM 1 FROM "data_versions" WHERE "table_name" = TG_TABLE_NAME FOR UPDATE SKIP LOCKED;
    IF FOUND THEN
      WITH gone AS (DELETE FROM "data_changes" WHERE "table_name" = TG_TABLE_NAME RETURNING 1)
      UPDATE "data_versions" SET "version" = "version" + (SELECT count(*) FROM gone) WHERE "table_name" = TG_TABLE_NAME;
    END IF;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- Counts start at the time in microseconds, not at zero: a database dropped and migrated again
-- under running app processes (demo:reset) never comes back to a sum one of them has seen.
INSERT INTO "data_versions" ("table_name", "version")
SELECT t, (extract(epoch FROM clock_timestamp()) * 1000000)::bigint FROM unnest(ARRAY['tags', 'holders', 'ips', 'designers', 'licensees', 'licenses', 'usages', 'sales', 'products', 'invoices', 'sales_reports', 'reviews', 'notifications', 'contact_verifications']) AS t;--> statement-breakpoint
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
