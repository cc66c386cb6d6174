ALTER TABLE "container_sizes" ADD COLUMN "unit" text DEFAULT 'oz' NOT NULL;--> statement-breakpoint
ALTER TABLE "container_sizes" ADD COLUMN "volume" numeric(10, 4);--> statement-breakpoint
-- Hand-written (issue 49): every size keeps its volume in US ounces; the metric ones the demo list
-- names in ml are held in ml, as they are read.
UPDATE "container_sizes" SET "volume" = "ounces";--> statement-breakpoint
UPDATE "container_sizes" SET "unit" = 'ml', "volume" = v.ml
  FROM (VALUES ('330 ml Bottle', 330), ('750 ml Bottle', 750), ('Bottle of Wine', 750), ('40cl Draft', 400), ('20 oz Imperial Pint', 568.2613)) AS v(name, ml)
  WHERE "container_sizes"."name" = v.name;--> statement-breakpoint
ALTER TABLE "container_sizes" ALTER COLUMN "volume" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "container_sizes" ADD CONSTRAINT "container_sizes_unit_valid" CHECK ("container_sizes"."unit" in ('oz', 'ml', 'l'));--> statement-breakpoint
ALTER TABLE "container_sizes" ADD CONSTRAINT "container_sizes_volume_positive" CHECK ("container_sizes"."volume" > 0);
