CREATE TABLE "imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"source" text NOT NULL,
	"base_url" text NOT NULL,
	"source_location_id" integer NOT NULL,
	"dry_run" boolean NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"steps_done" integer DEFAULT 0 NOT NULL,
	"steps_total" integer DEFAULT 0 NOT NULL,
	"counts" jsonb,
	"error" text,
	"actor" jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "imports_status_valid" CHECK ("imports"."status" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "source_id" text;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "source_id" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "source_id" text;--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "source_id" text;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "source_id" text;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imports_location_id_idx" ON "imports" USING btree ("location_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "events_location_source_id_key" ON "events" USING btree ("location_id","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "menus_location_source_id_key" ON "menus" USING btree ("location_id","source_id");