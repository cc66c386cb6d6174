CREATE TABLE "board_devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "board_devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"pairing_code" text,
	"code_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_devices_pairing_code_digits" CHECK ("board_devices"."pairing_code" ~ '^[0-9]{6}$'),
	CONSTRAINT "board_devices_code_expiry" CHECK (("board_devices"."pairing_code" is null) = ("board_devices"."code_expires_at" is null))
);
--> statement-breakpoint
CREATE TABLE "boards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "boards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"name" text NOT NULL,
	"menu_id" integer,
	"theme" text DEFAULT 'dark' NOT NULL,
	"last_seen_at" timestamp with time zone,
	"version_shown" integer,
	"offline_told_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boards_theme" CHECK ("boards"."theme" in ('light', 'dark')),
	CONSTRAINT "boards_name_length" CHECK (char_length("boards"."name") between 1 and 80)
);
--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_device_id_board_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."board_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "board_devices_token_hash_key" ON "board_devices" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "board_devices_pairing_code_key" ON "board_devices" USING btree ("pairing_code") WHERE "board_devices"."pairing_code" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "boards_device_key" ON "boards" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "boards_location_idx" ON "boards" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "boards_menu_idx" ON "boards" USING btree ("menu_id");