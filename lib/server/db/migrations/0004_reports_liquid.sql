CREATE TABLE "liquid_applications" (
	"key" text PRIMARY KEY NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"applicant" text NOT NULL,
	"kind" text DEFAULT 'designer' NOT NULL,
	"role" text DEFAULT 'personal' NOT NULL,
	"profile" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'applied' NOT NULL,
	"comment" text,
	"designer" text,
	"decided_by" text
);
--> statement-breakpoint
CREATE TABLE "sales_import_mappings" (
	"licensee" text PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_by" text NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_report_reminders" (
	"key" text PRIMARY KEY NOT NULL,
	"license" text NOT NULL,
	"licensee" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_reports" (
	"key" text PRIMARY KEY NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"licensee" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'submitted' NOT NULL,
	"source" text DEFAULT 'form' NOT NULL,
	"file_name" text,
	"row_count" integer DEFAULT 0 NOT NULL,
	"totals" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"notes" text,
	"owner" text
);
--> statement-breakpoint
CREATE INDEX "liquid_applications_applicant_idx" ON "liquid_applications" USING btree ("applicant","state");--> statement-breakpoint
CREATE INDEX "liquid_applications_state_idx" ON "liquid_applications" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_report_reminders_period_idx" ON "sales_report_reminders" USING btree ("license","period_start");--> statement-breakpoint
CREATE INDEX "sales_reports_licensee_idx" ON "sales_reports" USING btree ("licensee","period_start");--> statement-breakpoint
CREATE INDEX "sales_reports_state_idx" ON "sales_reports" USING btree ("state");--> statement-breakpoint
CREATE INDEX "sales_report_idx" ON "sales" USING btree ("report");