CREATE TABLE "containers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "containers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"container_size_id" integer,
	"name" text,
	"price" numeric(10, 2) NOT NULL,
	"calories" integer,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "containers_position_min" CHECK ("containers"."position" >= 0),
	CONSTRAINT "containers_price_min" CHECK ("containers"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "custom_containers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custom_containers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"custom_item_id" integer NOT NULL,
	"name" text,
	"price" numeric(10, 2) NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_containers_position_min" CHECK ("custom_containers"."position" >= 0),
	CONSTRAINT "custom_containers_price_min" CHECK ("custom_containers"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "custom_item_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custom_item_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"image_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custom_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"custom_section_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text,
	"description" text,
	"custom_item_type_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_items_position_min" CHECK ("custom_items"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "custom_menus" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custom_menus_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"location_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"footer" text,
	"unpublished" boolean DEFAULT true NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_menus_position_min" CHECK ("custom_menus"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "custom_sections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custom_sections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"custom_menu_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_sections_position_min" CHECK ("custom_sections"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"section_id" integer NOT NULL,
	"position" integer NOT NULL,
	"untappd_id" integer,
	"original_name" text NOT NULL,
	"original_brewery" text,
	"original_style" text,
	"original_description" text,
	"original_abv" numeric(5, 2),
	"original_ibu" numeric(6, 1),
	"original_calories" integer,
	"custom_name" text,
	"custom_brewery" text,
	"custom_style" text,
	"custom_description" text,
	"custom_abv" numeric(5, 2),
	"custom_ibu" numeric(6, 1),
	"custom_calories" integer,
	"label_image" text,
	"label_image_hd" text,
	"brewery_location" text,
	"untappd_beer_slug" text,
	"untappd_brewery_id" integer,
	"tap_number" text,
	"cask" boolean DEFAULT false NOT NULL,
	"nitro" boolean DEFAULT false NOT NULL,
	"in_production" boolean DEFAULT true NOT NULL,
	"rating" numeric(4, 3),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "items_position_min" CHECK ("items"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "menus_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"location_id" integer NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"footer" text,
	"unpublished" boolean DEFAULT true NOT NULL,
	"position" integer NOT NULL,
	"legacy_menu_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "menus_position_min" CHECK ("menus"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"menu_id" integer NOT NULL,
	"type" text DEFAULT 'Section' NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"public" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sections_position_min" CHECK ("sections"."position" >= 0),
	CONSTRAINT "sections_on_deck_position" CHECK ("sections"."type" <> 'OnDeckSection' or "sections"."position" = 0)
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "custom_menus_migrated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_container_size_id_container_sizes_id_fk" FOREIGN KEY ("container_size_id") REFERENCES "public"."container_sizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_containers" ADD CONSTRAINT "custom_containers_custom_item_id_custom_items_id_fk" FOREIGN KEY ("custom_item_id") REFERENCES "public"."custom_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_items" ADD CONSTRAINT "custom_items_custom_section_id_custom_sections_id_fk" FOREIGN KEY ("custom_section_id") REFERENCES "public"."custom_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_items" ADD CONSTRAINT "custom_items_custom_item_type_id_custom_item_types_id_fk" FOREIGN KEY ("custom_item_type_id") REFERENCES "public"."custom_item_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_menus" ADD CONSTRAINT "custom_menus_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_sections" ADD CONSTRAINT "custom_sections_custom_menu_id_custom_menus_id_fk" FOREIGN KEY ("custom_menu_id") REFERENCES "public"."custom_menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_item_types_name_key" ON "custom_item_types" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "menus_legacy_menu_id_key" ON "menus" USING btree ("legacy_menu_id");