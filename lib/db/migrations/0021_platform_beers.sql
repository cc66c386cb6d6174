-- Trigram matching for the catalogue search (PostgreSQL's contrib pg_trgm; PGlite loads it in lib/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "platform_beer_searches" (
	"term" text PRIMARY KEY NOT NULL,
	"asked_limit" integer NOT NULL,
	"found" integer NOT NULL,
	"asked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_beers" (
	"untappd_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"brewery" text,
	"brewery_id" integer,
	"brewery_location" text,
	"style" text,
	"description" text,
	"abv" numeric,
	"ibu" numeric,
	"label_image" text,
	"label_image_hd" text,
	"slug" text,
	"in_production" boolean NOT NULL,
	"rating" numeric,
	"calories" integer,
	"search_text" text GENERATED ALWAYS AS (name || ' ' || coalesce(brewery, '') || ' ' || coalesce(style, '')) STORED NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"detailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "platform_beer_searches_asked_idx" ON "platform_beer_searches" USING btree ("asked_at");--> statement-breakpoint
CREATE INDEX "platform_beers_search_trgm_idx" ON "platform_beers" USING gin ("search_text" gin_trgm_ops);