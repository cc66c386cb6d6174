ALTER TABLE "containers" ADD COLUMN "time_prices" jsonb;--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "schedule" jsonb;--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "schedule_epoch" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "schedule" jsonb;