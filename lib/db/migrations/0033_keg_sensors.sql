CREATE TABLE "tap_sensors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tap_sensors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"location_id" integer NOT NULL,
	"tap_id" integer NOT NULL,
	"kind" text NOT NULL,
	"device_id" text NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"counter_ml" numeric(14, 3),
	"last_reading_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tap_sensors_kind" CHECK ("tap_sensors"."kind" in ('mqtt', 'kegtron'))
);
--> statement-breakpoint
CREATE TABLE "tap_temperatures" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tap_temperatures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tap_id" integer NOT NULL,
	"sensor_id" integer NOT NULL,
	"message_id" text NOT NULL,
	"celsius" numeric(5, 2) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "max_temperature_c" numeric(4, 1) DEFAULT '7' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "line_cleaning_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "kegs" ADD COLUMN "cost" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "kegs" ADD COLUMN "deposit" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "taps" ADD COLUMN "temperature_c" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "taps" ADD COLUMN "temperature_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "taps" ADD COLUMN "warm_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "taps" ADD COLUMN "too_warm_told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "taps" ADD COLUMN "line_cleaned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "taps" ADD COLUMN "cleaning_told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tap_sensors" ADD CONSTRAINT "tap_sensors_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tap_sensors" ADD CONSTRAINT "tap_sensors_tap_id_taps_id_fk" FOREIGN KEY ("tap_id") REFERENCES "public"."taps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tap_temperatures" ADD CONSTRAINT "tap_temperatures_tap_id_taps_id_fk" FOREIGN KEY ("tap_id") REFERENCES "public"."taps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tap_temperatures" ADD CONSTRAINT "tap_temperatures_sensor_id_tap_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."tap_sensors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tap_sensors_tap_key" ON "tap_sensors" USING btree ("tap_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tap_sensors_device_key" ON "tap_sensors" USING btree ("location_id","kind","device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tap_temperatures_message_key" ON "tap_temperatures" USING btree ("sensor_id","message_id");--> statement-breakpoint
CREATE INDEX "tap_temperatures_tap_at_idx" ON "tap_temperatures" USING btree ("tap_id","at");