CREATE TABLE "sensor_inbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sensor_inbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"topic" text NOT NULL,
	"payload" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone
);
