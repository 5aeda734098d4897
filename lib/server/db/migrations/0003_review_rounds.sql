CREATE TABLE "subject_versions" (
	"key" text PRIMARY KEY NOT NULL,
	"subject_type" text NOT NULL,
	"subject_key" text NOT NULL,
	"step" text NOT NULL,
	"revision" integer NOT NULL,
	"data" jsonb NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "subject_versions_round_idx" ON "subject_versions" USING btree ("subject_key","step","revision");