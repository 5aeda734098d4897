CREATE TABLE "page_views" (
	"day" text NOT NULL,
	"page" text NOT NULL,
	"lang" text NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "page_views_day_page_lang_pk" PRIMARY KEY("day","page","lang")
);
--> statement-breakpoint
CREATE TABLE "terms_acceptances" (
	"key" text PRIMARY KEY NOT NULL,
	"sub" text NOT NULL,
	"kind" text NOT NULL,
	"version" text NOT NULL,
	"record_type" text NOT NULL,
	"record_key" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "accepted_terms_version" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "terms_acceptances_version_idx" ON "terms_acceptances" USING btree ("kind","version");--> statement-breakpoint
CREATE INDEX "terms_acceptances_sub_idx" ON "terms_acceptances" USING btree ("sub");