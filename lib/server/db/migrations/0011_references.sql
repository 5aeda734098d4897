CREATE TABLE "reference_counters" (
	"holder" text NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"last" integer NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reference_counters_holder_kind_period_pk" PRIMARY KEY("holder","kind","period")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "ips" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "sales_reports" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "usages" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "reference" text;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_reference_idx" ON "invoices" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "ips_reference_idx" ON "ips" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "licenses_reference_idx" ON "licenses" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "products_reference_idx" ON "products" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_reports_reference_idx" ON "sales_reports" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "usages_reference_idx" ON "usages" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_reference_idx" ON "invitations" USING btree ("reference");