ALTER TABLE "tap_sensors" ADD COLUMN "counter_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tap_sensors" ADD COLUMN "poll_lease_until" timestamp with time zone;