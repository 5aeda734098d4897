-- One designer record per person (issue #23): before the unique index on designers.owner, a
-- person's extra records (made by repeated POST /api/v1/Designer) are detached from them; the
-- oldest stays theirs. Detached records keep their data for an administrator to review.
UPDATE "designers" AS d
SET "owner" = NULL
WHERE d."owner" IS NOT NULL
  AND EXISTS (
    SELECT 1 FROM "designers" AS older
    WHERE older."owner" = d."owner"
      AND (older."date_created", older."key") < (d."date_created", d."key")
  );
--> statement-breakpoint
-- Sign-in throttling moved from fixed windows per address and account to per (account, source)
-- pairs and sources: the old counters have no meaning any more (they are transient anyway).
DELETE FROM "login_attempts";
