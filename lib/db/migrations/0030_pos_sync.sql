CREATE TABLE "pos_connections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pos_connections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"location_id" integer NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"direction" text DEFAULT 'pos_to_taproom' NOT NULL,
	"external_location_id" text,
	"merchant_id" text,
	"state_hash" text,
	"access_token_encrypted" text,
	"refresh_token_encrypted" text,
	"token_expires_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_connections_provider" CHECK ("pos_connections"."provider" in ('square', 'toast')),
	CONSTRAINT "pos_connections_status" CHECK ("pos_connections"."status" in ('pending', 'connected', 'error', 'disconnected')),
	CONSTRAINT "pos_connections_direction" CHECK ("pos_connections"."direction" in ('pos_to_taproom', 'taproom_to_pos', 'prices_from_pos'))
);
--> statement-breakpoint
CREATE TABLE "pos_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "pos_mappings" (
	"connection_id" integer NOT NULL,
	"pos_variation_id" text NOT NULL,
	"pos_item_id" text NOT NULL,
	"pos_name" text NOT NULL,
	"pos_variation_name" text NOT NULL,
	"pos_price_minor" bigint,
	"sold_out" boolean DEFAULT false NOT NULL,
	"item_id" integer,
	"container_id" integer,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_mappings_connection_id_pos_variation_id_pk" PRIMARY KEY("connection_id","pos_variation_id"),
	CONSTRAINT "pos_mappings_status" CHECK ("pos_mappings"."status" in ('matched', 'suggested', 'unmatched'))
);
--> statement-breakpoint
CREATE TABLE "pos_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pos_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"connection_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"sold_out" boolean NOT NULL,
	"idempotency_key" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_square_records" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"merchant_id" text NOT NULL,
	"data" jsonb NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_square_records_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pos_connections" ADD CONSTRAINT "pos_connections_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_mappings" ADD CONSTRAINT "pos_mappings_connection_id_pos_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."pos_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_mappings" ADD CONSTRAINT "pos_mappings_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_mappings" ADD CONSTRAINT "pos_mappings_container_id_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."containers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_outbox" ADD CONSTRAINT "pos_outbox_connection_id_pos_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."pos_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pos_connections_location_provider_key" ON "pos_connections" USING btree ("location_id","provider");--> statement-breakpoint
CREATE INDEX "pos_connections_merchant_idx" ON "pos_connections" USING btree ("provider","merchant_id");--> statement-breakpoint
CREATE INDEX "pos_events_received_idx" ON "pos_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "pos_mappings_item_idx" ON "pos_mappings" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "pos_outbox_due_idx" ON "pos_outbox" USING btree ("next_attempt_at") WHERE "pos_outbox"."done_at" is null;--> statement-breakpoint
CREATE INDEX "sandbox_square_records_kind_idx" ON "sandbox_square_records" USING btree ("kind","merchant_id","seq");