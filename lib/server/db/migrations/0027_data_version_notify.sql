-- On PGlite nothing but the app's own process writes the database, so the answer cache can know
-- which tables changed without asking: the app sets app.version_notify = 'on' for its one session
-- and listens on data_version (lib/server/db/local-versions.ts). A NOTIFY is delivered only when
-- its transaction commits and never after a rollback, so each one stands for a committed write.
-- PostgreSQL sessions never set it: NOTIFY takes a lock held until commit that every notifying
-- transaction of the server waits for, which would make concurrent writers queue. Otherwise the
-- function is 0026's; a later replacement must keep the NOTIFY (without it the app falls back to
-- reading the counts, see answer-cache.ts).
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
  IF current_setting('app.version_notify', true) = 'on' THEN
    PERFORM pg_notify('data_version', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
