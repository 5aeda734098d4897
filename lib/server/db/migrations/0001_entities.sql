CREATE TABLE "acl_requests" (
	"key" text PRIMARY KEY NOT NULL,
	"sub" text NOT NULL,
	"entry" text NOT NULL,
	"reason" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_decided" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "docs" (
	"name" text NOT NULL,
	"id" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"owner" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "docs_name_id_pk" PRIMARY KEY("name","id")
);
--> statement-breakpoint
CREATE TABLE "log_workflow" (
	"id" text PRIMARY KEY NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"time" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"key" text,
	"ref" text,
	"remarks" text,
	"sub" text
);
--> statement-breakpoint
CREATE TABLE "short_uris" (
	"key" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"owner" text NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "designers" (
	"key" text PRIMARY KEY NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"role" text DEFAULT 'personal' NOT NULL,
	"cat" text,
	"pr" text,
	"photo" text,
	"desc" text,
	"job_title" text,
	"license" text,
	"achievements" text,
	"accepted_terms_version" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"document" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"perferred_contact" text,
	"email" text NOT NULL,
	"tel" text,
	"fax" text,
	"location" text,
	"address" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"corporate_name" text,
	"br" text,
	"responsible_person" text,
	"invno" text,
	"affiliation" text,
	"linked" text,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"creator_name" text NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"owner" text
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"key" text PRIMARY KEY NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"licensee" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'JPY' NOT NULL,
	"tax_lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"due_date" timestamp with time zone,
	"state" text DEFAULT 'draft' NOT NULL,
	"sales" text[] DEFAULT '{}' NOT NULL,
	"owner" text
);
--> statement-breakpoint
CREATE TABLE "ips" (
	"key" text PRIMARY KEY NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'secondary' NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"holder" text,
	"designer" text,
	"parent" text,
	"description" text,
	"guidelines" text,
	"categories" text[] DEFAULT '{}' NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"owner" text
);
--> statement-breakpoint
CREATE TABLE "licenses" (
	"key" text PRIMARY KEY NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"ip" text NOT NULL,
	"licensee" text NOT NULL,
	"designer" text,
	"applicant" text,
	"state" text DEFAULT 'applied' NOT NULL,
	"territory" text[] DEFAULT '{}' NOT NULL,
	"channels" text[] DEFAULT '{}' NOT NULL,
	"categories" text[] DEFAULT '{}' NOT NULL,
	"term_start" timestamp with time zone NOT NULL,
	"term_end" timestamp with time zone NOT NULL,
	"royalty_rate_bp" integer NOT NULL,
	"minimum_guarantee" bigint DEFAULT 0 NOT NULL,
	"advance" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'JPY' NOT NULL,
	"contract" text,
	"notes" text
);
--> statement-breakpoint
CREATE TABLE "products" (
	"key" text PRIMARY KEY NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"license" text NOT NULL,
	"ip" text,
	"licensee" text,
	"designer" text,
	"name" text NOT NULL,
	"sku" text NOT NULL,
	"category" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price" bigint,
	"currency" text DEFAULT 'JPY' NOT NULL,
	"planned_launch" timestamp with time zone,
	"state" text DEFAULT 'draft' NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"owner" text
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"key" text PRIMARY KEY NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"subject_type" text NOT NULL,
	"subject_key" text NOT NULL,
	"group" text,
	"step" text,
	"reviewer" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"comment" text,
	"markups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"key" text PRIMARY KEY NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"license" text NOT NULL,
	"product" text NOT NULL,
	"licensee" text,
	"ip" text,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"territory" text NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"gross_sales" bigint DEFAULT 0 NOT NULL,
	"net_sales" bigint NOT NULL,
	"currency" text DEFAULT 'JPY' NOT NULL,
	"royalty" bigint DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'submitted' NOT NULL,
	"report" text,
	"owner" text
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"key" text PRIMARY KEY NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name_jp" text NOT NULL,
	"name_en" text NOT NULL,
	"color" text DEFAULT '#6c757d' NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "usages" (
	"key" text PRIMARY KEY NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"ip" text NOT NULL,
	"designer" text,
	"applicant" text,
	"purpose" text NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"reason" text
);
--> statement-breakpoint
ALTER TABLE "holders" ALTER COLUMN "approver" SET DEFAULT '{"legal":[],"brand":[],"cfl":[],"boss":[]}'::jsonb;--> statement-breakpoint
ALTER TABLE "licensees" ALTER COLUMN "name" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "licensees" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "licensees" ADD COLUMN "tel" text;--> statement-breakpoint
ALTER TABLE "licensees" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "licensees" ADD COLUMN "address" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "licensees" ADD COLUMN "br" text;--> statement-breakpoint
ALTER TABLE "licensees" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "licensees" ADD COLUMN "tags" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "acl_requests" ADD CONSTRAINT "acl_requests_sub_users_sub_fk" FOREIGN KEY ("sub") REFERENCES "public"."users"("sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "acl_requests_state_idx" ON "acl_requests" USING btree ("state","date_created");--> statement-breakpoint
CREATE INDEX "acl_requests_sub_idx" ON "acl_requests" USING btree ("sub");--> statement-breakpoint
CREATE INDEX "log_workflow_key_idx" ON "log_workflow" USING btree ("key","time");--> statement-breakpoint
CREATE INDEX "log_workflow_time_idx" ON "log_workflow" USING btree ("time");--> statement-breakpoint
CREATE INDEX "designers_owner_idx" ON "designers" USING btree ("owner");--> statement-breakpoint
CREATE INDEX "designers_creator_name_idx" ON "designers" USING btree ("creator_name");--> statement-breakpoint
CREATE INDEX "invoices_licensee_idx" ON "invoices" USING btree ("licensee","state");--> statement-breakpoint
CREATE INDEX "ips_state_idx" ON "ips" USING btree ("state","date_created");--> statement-breakpoint
CREATE INDEX "ips_kind_state_idx" ON "ips" USING btree ("kind","state");--> statement-breakpoint
CREATE INDEX "ips_designer_idx" ON "ips" USING btree ("designer");--> statement-breakpoint
CREATE INDEX "ips_owner_idx" ON "ips" USING btree ("owner");--> statement-breakpoint
CREATE INDEX "ips_name_idx" ON "ips" USING btree ("name");--> statement-breakpoint
CREATE INDEX "licenses_licensee_idx" ON "licenses" USING btree ("licensee","state");--> statement-breakpoint
CREATE INDEX "licenses_ip_idx" ON "licenses" USING btree ("ip");--> statement-breakpoint
CREATE INDEX "licenses_designer_idx" ON "licenses" USING btree ("designer");--> statement-breakpoint
CREATE INDEX "products_licensee_idx" ON "products" USING btree ("licensee","state");--> statement-breakpoint
CREATE INDEX "products_license_idx" ON "products" USING btree ("license");--> statement-breakpoint
CREATE INDEX "products_designer_idx" ON "products" USING btree ("designer");--> statement-breakpoint
CREATE INDEX "reviews_subject_idx" ON "reviews" USING btree ("subject_type","subject_key");--> statement-breakpoint
CREATE INDEX "reviews_reviewer_idx" ON "reviews" USING btree ("reviewer");--> statement-breakpoint
CREATE INDEX "sales_licensee_period_idx" ON "sales" USING btree ("licensee","period_start");--> statement-breakpoint
CREATE INDEX "sales_license_idx" ON "sales" USING btree ("license");--> statement-breakpoint
CREATE INDEX "sales_period_idx" ON "sales" USING btree ("period_start");--> statement-breakpoint
CREATE INDEX "sales_ip_idx" ON "sales" USING btree ("ip");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_en_idx" ON "tags" USING btree ("name_en");--> statement-breakpoint
CREATE INDEX "usages_applicant_idx" ON "usages" USING btree ("applicant","state");--> statement-breakpoint
CREATE INDEX "usages_ip_idx" ON "usages" USING btree ("ip");--> statement-breakpoint
CREATE INDEX "licensees_owner_idx" ON "licensees" USING btree ("owner");