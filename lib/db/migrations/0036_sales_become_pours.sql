CREATE TABLE "pos_sales" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pos_sales_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"connection_id" integer NOT NULL,
	"order_id" text NOT NULL,
	"line_uid" text NOT NULL,
	"tap_id" integer NOT NULL,
	"keg_id" integer NOT NULL,
	"item_id" integer,
	"pour_id" bigint,
	"volume_ml" numeric(10, 3) NOT NULL,
	"sold_at" timestamp with time zone NOT NULL,
	"returned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_sales_volume_positive" CHECK ("pos_sales"."volume_ml" > 0)
);
--> statement-breakpoint
ALTER TABLE "pours" ADD COLUMN "source" text DEFAULT 'meter' NOT NULL;--> statement-breakpoint
ALTER TABLE "pos_sales" ADD CONSTRAINT "pos_sales_tap_id_taps_id_fk" FOREIGN KEY ("tap_id") REFERENCES "public"."taps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sales" ADD CONSTRAINT "pos_sales_keg_id_kegs_id_fk" FOREIGN KEY ("keg_id") REFERENCES "public"."kegs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sales" ADD CONSTRAINT "pos_sales_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sales" ADD CONSTRAINT "pos_sales_pour_id_pours_id_fk" FOREIGN KEY ("pour_id") REFERENCES "public"."pours"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pos_sales_line_key" ON "pos_sales" USING btree ("connection_id","order_id","line_uid");--> statement-breakpoint
CREATE INDEX "pos_sales_keg_sold_idx" ON "pos_sales" USING btree ("keg_id","sold_at");--> statement-breakpoint
ALTER TABLE "pours" ADD CONSTRAINT "pours_source" CHECK ("pours"."source" in ('meter', 'pos'));