CREATE TABLE "kegs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kegs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tap_id" integer NOT NULL,
	"item_id" integer,
	"size_ml" numeric(12, 3) NOT NULL,
	"remaining_ml" numeric(12, 3) NOT NULL,
	"tapped_at" timestamp with time zone NOT NULL,
	"forecast_empty_at" timestamp with time zone,
	"low_at" timestamp with time zone,
	"kicked_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kegs_size_positive" CHECK ("kegs"."size_ml" > 0),
	CONSTRAINT "kegs_remaining_range" CHECK ("kegs"."remaining_ml" >= 0 and "kegs"."remaining_ml" <= "kegs"."size_ml")
);
--> statement-breakpoint
CREATE TABLE "pours" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pours_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tap_id" integer NOT NULL,
	"keg_id" integer NOT NULL,
	"volume_ml" numeric(10, 3) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"idempotency_key" text NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pours_volume_positive" CHECK ("pours"."volume_ml" > 0)
);
--> statement-breakpoint
CREATE TABLE "tap_ingest_tokens" (
	"location_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "taps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"location_id" integer NOT NULL,
	"number" integer NOT NULL,
	"name" text,
	"item_id" integer,
	"container_id" integer,
	"on_deck" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "taps_number_min" CHECK ("taps"."number" >= 1)
);
--> statement-breakpoint
ALTER TABLE "menu_changes" ADD COLUMN "summary" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "keg_low_percent" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "kegs" ADD CONSTRAINT "kegs_tap_id_taps_id_fk" FOREIGN KEY ("tap_id") REFERENCES "public"."taps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kegs" ADD CONSTRAINT "kegs_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pours" ADD CONSTRAINT "pours_tap_id_taps_id_fk" FOREIGN KEY ("tap_id") REFERENCES "public"."taps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pours" ADD CONSTRAINT "pours_keg_id_kegs_id_fk" FOREIGN KEY ("keg_id") REFERENCES "public"."kegs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tap_ingest_tokens" ADD CONSTRAINT "tap_ingest_tokens_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taps" ADD CONSTRAINT "taps_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taps" ADD CONSTRAINT "taps_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taps" ADD CONSTRAINT "taps_container_id_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."containers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kegs_in_service_key" ON "kegs" USING btree ("tap_id") WHERE "kegs"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "pours_tap_key_key" ON "pours" USING btree ("tap_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "pours_keg_at_idx" ON "pours" USING btree ("keg_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "taps_location_number_key" ON "taps" USING btree ("location_id","number");