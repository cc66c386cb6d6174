CREATE TABLE "sandbox_toast_records" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"restaurant_guid" text NOT NULL,
	"data" jsonb NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_toast_records_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_toast_records_kind_idx" ON "sandbox_toast_records" USING btree ("kind","restaurant_guid","seq");