CREATE TABLE "jobs" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claim" text,
	"once" text,
	"last_error" text,
	"result" jsonb,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "contracts" ALTER COLUMN "file" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ALTER COLUMN "sha256" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE state in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_subject_idx" ON "jobs" USING btree ("subject","kind");--> statement-breakpoint
CREATE INDEX "jobs_created_idx" ON "jobs" USING btree ("date_created");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_once_idx" ON "jobs" USING btree ("once") WHERE state in ('queued', 'running');