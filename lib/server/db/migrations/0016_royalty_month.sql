CREATE TABLE "payments" (
	"key" text PRIMARY KEY NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"reference" text NOT NULL,
	"invoice" text NOT NULL,
	"licensee" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"paid_on" timestamp with time zone NOT NULL,
	"method" text NOT NULL,
	"payer_reference" text,
	"state" text DEFAULT 'recorded' NOT NULL,
	"reversal_reason" text,
	"reversed_at" timestamp with time zone,
	"reversed_by" text,
	"recorded_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales_reports" ADD COLUMN "corrects" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_idx" ON "payments" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice","state");--> statement-breakpoint
CREATE INDEX "payments_licensee_idx" ON "payments" USING btree ("licensee");