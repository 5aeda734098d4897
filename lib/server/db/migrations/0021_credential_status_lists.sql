CREATE TABLE "credential_status_lists" (
	"id" integer PRIMARY KEY NOT NULL,
	"purpose" text DEFAULT 'revocation' NOT NULL,
	"size" integer NOT NULL,
	"next_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credentials" ADD COLUMN "status_list" integer;--> statement-breakpoint
ALTER TABLE "credentials" ADD COLUMN "status_index" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "credentials_status_entry_idx" ON "credentials" USING btree ("status_list","status_index");