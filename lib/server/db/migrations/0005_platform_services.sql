CREATE TABLE "chain_mints" (
	"ip" text PRIMARY KEY NOT NULL,
	"token_id" text NOT NULL,
	"contract" text NOT NULL,
	"chain_id" integer NOT NULL,
	"owner" text NOT NULL,
	"sub" text NOT NULL,
	"metadata_cid" text NOT NULL,
	"tx_hash" text NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_signatures" (
	"key" text PRIMARY KEY NOT NULL,
	"contract" text NOT NULL,
	"party" text NOT NULL,
	"signer" text NOT NULL,
	"typed_name" text NOT NULL,
	"image" text,
	"ip" text,
	"user_agent" text,
	"sha256" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"key" text PRIMARY KEY NOT NULL,
	"license" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"lang" text DEFAULT 'jp' NOT NULL,
	"state" text DEFAULT 'generated' NOT NULL,
	"file" text NOT NULL,
	"sha256" text NOT NULL,
	"final_file" text,
	"terms" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"terms_hash" text NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "credential_schemas" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"version" text DEFAULT '1.0' NOT NULL,
	"issuer" text NOT NULL,
	"schema" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credentials" (
	"key" text PRIMARY KEY NOT NULL,
	"schema" text,
	"type" text NOT NULL,
	"format" text DEFAULT 'jwt' NOT NULL,
	"issuer" text NOT NULL,
	"holder" text NOT NULL,
	"subject" text NOT NULL,
	"claims" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"jwt" text NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"key" text PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"template" text,
	"lang" text DEFAULT 'jp' NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"message_id" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"entity" text,
	"role" text NOT NULL,
	"lang" text DEFAULT 'jp' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_by" text,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proof_requests" (
	"key" text PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"verifier" text NOT NULL,
	"query" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"presenter" text,
	"presentation" text,
	"result" jsonb,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"presented_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sales_monthly" (
	"month" text NOT NULL,
	"license" text NOT NULL,
	"product" text NOT NULL,
	"currency" text NOT NULL,
	"licensee" text,
	"ip" text,
	"designer" text,
	"rows" integer DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"net_sales" bigint DEFAULT 0 NOT NULL,
	"royalty" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_monthly_month_license_product_currency_pk" PRIMARY KEY("month","license","product","currency")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "contract_signatures_party_idx" ON "contract_signatures" USING btree ("contract","party");--> statement-breakpoint
CREATE INDEX "contracts_license_idx" ON "contracts" USING btree ("license","revision");--> statement-breakpoint
CREATE INDEX "credentials_holder_idx" ON "credentials" USING btree ("holder","issued_at");--> statement-breakpoint
CREATE INDEX "credentials_subject_idx" ON "credentials" USING btree ("subject");--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("date_created");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_idx" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitations_entity_idx" ON "invitations" USING btree ("entity","state");--> statement-breakpoint
CREATE INDEX "invitations_email_idx" ON "invitations" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "proof_requests_nonce_idx" ON "proof_requests" USING btree ("nonce");--> statement-breakpoint
CREATE INDEX "sales_monthly_month_idx" ON "sales_monthly" USING btree ("month");--> statement-breakpoint
CREATE INDEX "sales_monthly_licensee_idx" ON "sales_monthly" USING btree ("licensee","month");--> statement-breakpoint
CREATE INDEX "sales_monthly_ip_idx" ON "sales_monthly" USING btree ("ip","month");--> statement-breakpoint
-- Live notifications (DESIGN §1): every change to a user's notifications is announced on one channel
-- with the user's sub as payload, whatever code path made it, so SSE listeners in every replica hear it.
CREATE OR REPLACE FUNCTION "announce_notification"() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('ipl_notify', COALESCE(NEW."target", OLD."target"));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER "notifications_announce" AFTER INSERT OR UPDATE OR DELETE ON "notifications" FOR EACH ROW EXECUTE FUNCTION "announce_notification"();
