CREATE TABLE "contact_verifications" (
	"key" text PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"record" text NOT NULL,
	"field" text NOT NULL,
	"value" text NOT NULL,
	"token_hash" text NOT NULL,
	"requested_by" text NOT NULL,
	"lang" text DEFAULT 'jp' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "designers_owner_idx";--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "kind" text DEFAULT 'source' NOT NULL;--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "account" text;--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "last_failure_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "blocked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_verifications_token_idx" ON "contact_verifications" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "contact_verifications_record_idx" ON "contact_verifications" USING btree ("entity","record","field","state");--> statement-breakpoint
CREATE INDEX "login_attempts_kind_idx" ON "login_attempts" USING btree ("kind","last_failure_at");--> statement-breakpoint
CREATE UNIQUE INDEX "designers_owner_unique_idx" ON "designers" USING btree ("owner");