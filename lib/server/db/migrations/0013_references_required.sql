ALTER TABLE "invoices" ALTER COLUMN "reference" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ips" ALTER COLUMN "reference" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "licenses" ALTER COLUMN "reference" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "reference" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_reports" ALTER COLUMN "reference" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "usages" ALTER COLUMN "reference" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ALTER COLUMN "reference" SET NOT NULL;