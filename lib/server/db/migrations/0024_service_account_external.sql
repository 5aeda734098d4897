DROP INDEX "service_account_client_id_idx";--> statement-breakpoint
ALTER TABLE "service_account" ALTER COLUMN "secret_digest" DROP NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "service_account_live_client_id_idx" ON "service_account" USING btree ("client_id") WHERE "service_account"."revoked_at" is null;