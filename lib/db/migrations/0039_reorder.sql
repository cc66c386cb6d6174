CREATE TABLE "distributors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "distributors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"location_id" integer NOT NULL,
	"name" text NOT NULL,
	"lead_time_days" integer NOT NULL,
	"email" text,
	"phone" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distributors_lead_time_range" CHECK ("distributors"."lead_time_days" >= 0 and "distributors"."lead_time_days" <= 90)
);
--> statement-breakpoint
CREATE TABLE "par_levels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "par_levels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"location_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"par_kegs" integer NOT NULL,
	"full_kegs" integer DEFAULT 0 NOT NULL,
	"distributor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "par_levels_par_range" CHECK ("par_levels"."par_kegs" >= 0 and "par_levels"."par_kegs" <= 999),
	CONSTRAINT "par_levels_full_range" CHECK ("par_levels"."full_kegs" >= 0 and "par_levels"."full_kegs" <= 9999)
);
--> statement-breakpoint
ALTER TABLE "distributors" ADD CONSTRAINT "distributors_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "par_levels" ADD CONSTRAINT "par_levels_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "par_levels" ADD CONSTRAINT "par_levels_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "par_levels" ADD CONSTRAINT "par_levels_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "distributors_location_name_key" ON "distributors" USING btree ("location_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "par_levels_item_key" ON "par_levels" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "par_levels_location_idx" ON "par_levels" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "par_levels_distributor_idx" ON "par_levels" USING btree ("distributor_id");