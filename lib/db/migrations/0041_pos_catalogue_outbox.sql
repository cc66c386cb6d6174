ALTER TABLE "pos_outbox" ALTER COLUMN "sold_out" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pos_outbox" ADD COLUMN "kind" text DEFAULT 'sold_out' NOT NULL;--> statement-breakpoint
ALTER TABLE "pos_outbox" ADD CONSTRAINT "pos_outbox_kind" CHECK (("pos_outbox"."kind" = 'sold_out') = ("pos_outbox"."sold_out" is not null) and "pos_outbox"."kind" in ('sold_out', 'catalogue'));--> statement-breakpoint

-- Taproom's catalogue to the POS (pos.md §4, decision 102). In `taproom_to_pos`, an item's name, or a
-- container's size or price, changed (or a container added) by whatever path writes one, owes the item
-- to each connected POS of its location that takes Taproom's catalogue, in the same transaction. The row
-- names the item only: the worker sends the item as it is when it goes, so the last state wins. A change
-- that came from a POS is owed to none (`taproom.pos_origin`, as for the 86): no echo back to the till.
CREATE FUNCTION taproom_pos_catalogue_enqueue(p_item integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_origin integer := nullif(current_setting('taproom.pos_origin', true), '')::integer;
BEGIN
  INSERT INTO pos_outbox (connection_id, item_id, kind, sold_out, idempotency_key)
  SELECT c.id, i.id, 'catalogue', NULL, 'taproom-' || gen_random_uuid()::text
  FROM items i
  JOIN sections s ON s.id = i.section_id
  JOIN menus m ON m.id = s.menu_id
  JOIN pos_connections c ON c.location_id = m.location_id
  WHERE i.id = p_item
    AND c.status = 'connected'
    AND c.direction = 'taproom_to_pos'
    AND c.id IS DISTINCT FROM v_origin;
END $$;
--> statement-breakpoint

CREATE FUNCTION taproom_pos_catalogue_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM taproom_pos_catalogue_enqueue(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE FUNCTION taproom_pos_catalogue_container() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM taproom_pos_catalogue_enqueue(NEW.item_id);
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE TRIGGER taproom_items_pos_catalogue AFTER UPDATE OF custom_name, original_name ON items FOR EACH ROW
  WHEN (coalesce(OLD.custom_name, OLD.original_name) IS DISTINCT FROM coalesce(NEW.custom_name, NEW.original_name))
  EXECUTE FUNCTION taproom_pos_catalogue_item();
--> statement-breakpoint

CREATE TRIGGER taproom_containers_pos_catalogue_insert AFTER INSERT ON containers FOR EACH ROW
  EXECUTE FUNCTION taproom_pos_catalogue_container();
--> statement-breakpoint

CREATE TRIGGER taproom_containers_pos_catalogue_update AFTER UPDATE OF price, name, container_size_id ON containers FOR EACH ROW
  WHEN (OLD.price IS DISTINCT FROM NEW.price OR OLD.name IS DISTINCT FROM NEW.name OR OLD.container_size_id IS DISTINCT FROM NEW.container_size_id)
  EXECUTE FUNCTION taproom_pos_catalogue_container();
