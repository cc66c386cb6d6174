ALTER TABLE "pos_connections" ADD COLUMN "reconcile_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pos_connections" ADD COLUMN "reconcile_leased_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pos_connections" ADD COLUMN "reconcile_lease_token" text;--> statement-breakpoint
ALTER TABLE "pos_outbox" ADD COLUMN "leased_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pos_outbox" ADD COLUMN "lease_token" text;--> statement-breakpoint
CREATE INDEX "pos_outbox_item_idx" ON "pos_outbox" USING btree ("connection_id","item_id") WHERE "pos_outbox"."done_at" is null;--> statement-breakpoint

-- Sold out to the POS (pos.md §4, decision 089). An 86 set or lifted on an item, by whatever path (a
-- person, a kicked keg, the sweeper, an import), writes what each connected POS of the item's location
-- is owed into pos_outbox in the same transaction: committed with the 86, or not at all. Only the
-- connections that have a size of the item matched are owed anything, and never the connection the
-- change came from (lib/pos/sync.ts names it in `taproom.pos_origin`): no echo back to the till. The
-- idempotency key is the row's own, so a retry after a lost answer is applied once by the POS.
CREATE FUNCTION taproom_pos_outbox_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_origin integer := nullif(current_setting('taproom.pos_origin', true), '')::integer;
BEGIN
  INSERT INTO pos_outbox (connection_id, item_id, sold_out, idempotency_key)
  SELECT c.id, NEW.id, NEW.eighty_sixed_at IS NOT NULL, 'taproom-' || gen_random_uuid()::text
  FROM sections s
  JOIN menus m ON m.id = s.menu_id
  JOIN pos_connections c ON c.location_id = m.location_id
  WHERE s.id = NEW.section_id
    AND c.status = 'connected'
    AND c.id IS DISTINCT FROM v_origin
    AND EXISTS (SELECT 1 FROM pos_mappings pm WHERE pm.connection_id = c.id AND pm.item_id = NEW.id AND pm.status = 'matched');
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE TRIGGER taproom_items_pos_outbox AFTER UPDATE OF eighty_sixed_at ON items FOR EACH ROW
  WHEN ((OLD.eighty_sixed_at IS NULL) IS DISTINCT FROM (NEW.eighty_sixed_at IS NULL))
  EXECUTE FUNCTION taproom_pos_outbox_enqueue();
