CREATE TABLE "exchange_rates" (
	"key" text PRIMARY KEY NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"currency" text NOT NULL,
	"month" text NOT NULL,
	"rate_micro" bigint NOT NULL,
	"recorded_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "charges" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "exchange_rates_currency_month_idx" ON "exchange_rates" USING btree ("currency","month","date_created");