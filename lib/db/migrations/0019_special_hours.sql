CREATE TABLE "special_hours" (
	"location_id" integer NOT NULL,
	"date" date NOT NULL,
	"closed" boolean NOT NULL,
	"open_at" time,
	"close_at" time,
	"note" text,
	CONSTRAINT "special_hours_location_id_date_pk" PRIMARY KEY("location_id","date"),
	CONSTRAINT "special_hours_closed_or_times" CHECK ("special_hours"."closed" = ("special_hours"."open_at" is null and "special_hours"."close_at" is null))
);
--> statement-breakpoint
ALTER TABLE "special_hours" ADD CONSTRAINT "special_hours_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The hours' read model (`hours:LOCATION`, lib/live/read-cache.ts) is stale when a special date changes.
CREATE TRIGGER taproom_special_hours_stale AFTER INSERT OR UPDATE OR DELETE ON special_hours FOR EACH ROW EXECUTE FUNCTION taproom_notify_stale();
