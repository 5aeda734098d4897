CREATE TABLE "files" (
	"hash" text PRIMARY KEY NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"name" text NOT NULL,
	"owner" text NOT NULL,
	"public" boolean DEFAULT false NOT NULL,
	"width" integer,
	"height" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner");