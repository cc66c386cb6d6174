ALTER TABLE "pos_outbox" DROP CONSTRAINT "pos_outbox_kind";--> statement-breakpoint
ALTER TABLE "pos_outbox" ADD COLUMN "pos_item_id" text;--> statement-breakpoint
ALTER TABLE "pos_outbox" ADD COLUMN "pos_variation_id" text;--> statement-breakpoint
ALTER TABLE "pos_outbox" ADD CONSTRAINT "pos_outbox_kind" CHECK (("pos_outbox"."kind" = 'sold_out') = ("pos_outbox"."sold_out" is not null) and ("pos_outbox"."kind" = 'removal') = ("pos_outbox"."pos_item_id" is not null) and "pos_outbox"."kind" in ('sold_out', 'catalogue', 'removal'));--> statement-breakpoint

-- A container or an item deleted in Taproom under `taproom_to_pos` (pos.md §2, §4; decision 102) deletes what
-- it was matched to at the POS: a container its variation (the POS item written without it), an item its
-- whole POS item. Written before the row goes, while its matches can still be read, in the delete's own
-- transaction; the matches go with it (the FK would only have emptied them). One row per POS variation or
-- item: removals are not superseded as names and prices are. A POS item that another Taproom item shares
-- loses only this item's variations. A change that came from a POS owes nothing back to it.
-- The matches of a container (p_container) or of an item (p_item) in the connected `taproom_to_pos`
-- connections the change did not come from, deleted and answered: what their removal owes.
CREATE FUNCTION taproom_pos_matches_gone(p_item integer, p_container integer)
  RETURNS TABLE (connection_id integer, pos_item_id text, pos_variation_id text) LANGUAGE plpgsql AS $$
DECLARE
  v_origin integer := nullif(current_setting('taproom.pos_origin', true), '')::integer;
BEGIN
  RETURN QUERY
  DELETE FROM pos_mappings m
  USING pos_connections c
  WHERE c.id = m.connection_id
    AND (m.container_id = p_container OR (p_container IS NULL AND m.item_id = p_item))
    AND m.status = 'matched'
    AND c.status = 'connected'
    AND c.direction = 'taproom_to_pos'
    AND c.id IS DISTINCT FROM v_origin
  RETURNING m.connection_id, m.pos_item_id, m.pos_variation_id;
END $$;
--> statement-breakpoint

CREATE FUNCTION taproom_pos_removal_container() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pos_outbox (connection_id, item_id, kind, pos_item_id, pos_variation_id, idempotency_key)
  SELECT g.connection_id, OLD.item_id, 'removal', g.pos_item_id, g.pos_variation_id, 'taproom-' || gen_random_uuid()::text
  FROM taproom_pos_matches_gone(NULL, OLD.id) g;
  RETURN OLD;
END $$;
--> statement-breakpoint

CREATE FUNCTION taproom_pos_removal_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH owed AS (
    SELECT * FROM taproom_pos_matches_gone(OLD.id, NULL)
  ),
  shared AS (
    -- POS items another Taproom item is matched to as well: only this item's variations go.
    SELECT DISTINCT o.connection_id, o.pos_item_id
    FROM owed o
    JOIN pos_mappings other ON other.connection_id = o.connection_id AND other.pos_item_id = o.pos_item_id
      AND other.status = 'matched' AND other.item_id IS DISTINCT FROM OLD.id
  )
  INSERT INTO pos_outbox (connection_id, item_id, kind, pos_item_id, pos_variation_id, idempotency_key)
  SELECT gone.connection_id, OLD.id, 'removal', gone.pos_item_id, gone.pos_variation_id, 'taproom-' || gen_random_uuid()::text
  FROM (
    SELECT DISTINCT o.connection_id, o.pos_item_id, CASE WHEN s.pos_item_id IS NULL THEN NULL ELSE o.pos_variation_id END AS pos_variation_id
    FROM owed o
    LEFT JOIN shared s ON s.connection_id = o.connection_id AND s.pos_item_id = o.pos_item_id
  ) gone;
  RETURN OLD;
END $$;
--> statement-breakpoint

CREATE TRIGGER taproom_containers_pos_removal BEFORE DELETE ON containers FOR EACH ROW
  EXECUTE FUNCTION taproom_pos_removal_container();
--> statement-breakpoint

CREATE TRIGGER taproom_items_pos_removal BEFORE DELETE ON items FOR EACH ROW
  EXECUTE FUNCTION taproom_pos_removal_item();
