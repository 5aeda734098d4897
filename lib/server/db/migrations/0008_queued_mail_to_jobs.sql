-- Mail queued before the job table existed: one delivery job per queued outbox message, due at its next attempt.
INSERT INTO "jobs" ("key", "kind", "subject", "payload", "once", "run_at", "attempts", "last_error")
SELECT 'mail-' || o."key", 'mail', o."key", jsonb_build_object('outbox', o."key"), 'mail:' || o."key", o."next_attempt_at", o."attempts", o."last_error"
FROM "email_outbox" o
WHERE o."state" = 'queued';
