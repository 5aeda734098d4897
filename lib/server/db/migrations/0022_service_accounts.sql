CREATE TABLE "service_account" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"client_id" text NOT NULL,
	"secret_digest" text NOT NULL,
	"access" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"rotated_at" timestamp with time zone,
	"rotated_by" text,
	"revoked_at" timestamp with time zone,
	"revoked_by" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "service_account_client_id_idx" ON "service_account" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_account_live_name_idx" ON "service_account" USING btree ("name") WHERE "service_account"."revoked_at" is null;