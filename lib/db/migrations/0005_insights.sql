CREATE TABLE "catalogue_beers" (
	"bid" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"brewery" text,
	"style" text
);
--> statement-breakpoint
CREATE TABLE "checkin_sync_state" (
	"location_id" integer PRIMARY KEY NOT NULL,
	"last_checkin_id" bigint NOT NULL,
	"synced_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkin_venues" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkins" (
	"id" bigint PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"location_id" integer,
	"user_id" integer NOT NULL,
	"gender" text,
	"birth_year" smallint,
	"beer_id" integer NOT NULL,
	"checkin_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"location_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"subscribed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venue_beer_days" (
	"venue_id" integer NOT NULL,
	"day" date NOT NULL,
	"beer_id" integer NOT NULL,
	"checkins" integer NOT NULL,
	CONSTRAINT "venue_beer_days_venue_id_day_beer_id_pk" PRIMARY KEY("venue_id","day","beer_id")
);
--> statement-breakpoint
ALTER TABLE "checkin_sync_state" ADD CONSTRAINT "checkin_sync_state_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkin_venues_lat_lng_idx" ON "checkin_venues" USING btree ("latitude","longitude");--> statement-breakpoint
-- Hand-edited: INCLUDE makes this a covering index, so per-location insights are index-only scans
-- (drizzle-kit cannot declare INCLUDE columns).
CREATE INDEX "checkins_location_time_idx" ON "checkins" USING btree ("location_id","checkin_at") INCLUDE ("user_id","gender","birth_year","beer_id") WHERE "checkins"."location_id" is not null;--> statement-breakpoint
CREATE INDEX "checkins_venue_time_idx" ON "checkins" USING btree ("venue_id","checkin_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_location_user_kind_key" ON "subscriptions" USING btree ("location_id","user_id","kind");--> statement-breakpoint
CREATE INDEX "subscriptions_location_time_idx" ON "subscriptions" USING btree ("location_id","subscribed_at");