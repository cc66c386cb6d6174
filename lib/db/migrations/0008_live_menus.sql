CREATE TABLE "menu_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "menu_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"location_id" integer NOT NULL,
	"menu_id" integer NOT NULL,
	"version" integer NOT NULL,
	"tx" bigint NOT NULL,
	"type" text,
	"actor" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_edits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "menu_edits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"change_id" bigint NOT NULL,
	"table" text NOT NULL,
	"row_id" integer NOT NULL,
	"op" char(1) NOT NULL,
	"old" jsonb,
	"new" jsonb
);
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "eighty_sixed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "eighty_sixed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "menus_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "menus_version_tx" bigint;--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "version_tx" bigint;--> statement-breakpoint
ALTER TABLE "menu_changes" ADD CONSTRAINT "menu_changes_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_edits" ADD CONSTRAINT "menu_edits_change_id_menu_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."menu_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "menu_changes_location_idx" ON "menu_changes" USING btree ("location_id","id");--> statement-breakpoint
CREATE INDEX "menu_changes_menu_idx" ON "menu_changes" USING btree ("menu_id","version");--> statement-breakpoint
CREATE INDEX "menu_changes_tx_idx" ON "menu_changes" USING btree ("tx");--> statement-breakpoint
CREATE INDEX "menu_edits_change_idx" ON "menu_edits" USING btree ("change_id");