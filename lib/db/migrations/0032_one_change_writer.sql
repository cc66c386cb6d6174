-- One writer of the change feed and one sender of notifications (decision 085). Before this, a change
-- was recorded three ways (this database's triggers, and an INSERT plus a hand-built pg_notify in each
-- of lib/boards/changes.ts and lib/taps/changes.ts) and the channel's name was written in eight places.
--
-- * taproom_notify(event): the one call that sends a notification, on the channel lib/live/bus.ts
--   listens on ('taproom', named here only). The application sends through it (bus.ts's `notify`).
-- * taproom_insert_change(...): the one INSERT INTO menu_changes, with the transaction's actor, and its
--   notification. The triggers call it for an edit of a menu's tree; taproom_record_change for a change
--   the application names (lib/live/changes.ts's `recordChange`).
-- * taproom_record_change(menu, type, summary): a change of `type` at the menu's current version (the
--   menu itself is not changed): the location's row is locked first, as the triggers' version raise
--   does, so the change's id (the feed's cursor) follows commit order.
-- The triggers' functions are the same as 0009's and 0014's but for those two calls.

CREATE FUNCTION taproom_notify(p_event json) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('taproom', p_event::text);
END $$;
--> statement-breakpoint

CREATE FUNCTION taproom_insert_change(p_location integer, p_menu integer, p_version integer, p_type text, p_summary text)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_change bigint;
BEGIN
  INSERT INTO menu_changes (location_id, menu_id, version, tx, type, actor, summary)
    VALUES (p_location, p_menu, p_version, txid_current(), p_type,
      coalesce(nullif(current_setting('taproom.actor', true), '')::jsonb, '{"user_id":null,"name":null,"via":"system"}'::jsonb),
      p_summary)
    RETURNING id INTO v_change;
  PERFORM taproom_notify(json_build_object('kind', 'change', 'location_id', p_location, 'menu_id', p_menu,
    'version', p_version, 'id', v_change));
  RETURN v_change;
END $$;
--> statement-breakpoint

CREATE FUNCTION taproom_record_change(p_menu integer, p_type text, p_summary text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_location integer;
  v_version integer;
BEGIN
  PERFORM 1 FROM locations WHERE id = (SELECT location_id FROM menus WHERE id = p_menu) FOR UPDATE;
  SELECT location_id, version INTO v_location, v_version FROM menus WHERE id = p_menu;
  IF v_location IS NULL THEN
    RETURN NULL;
  END IF;
  RETURN taproom_insert_change(v_location, p_menu, v_version, p_type, p_summary);
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION taproom_record_edit(p_menu integer, p_table text, p_row integer, p_op char, p_old jsonb, p_new jsonb)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_tx bigint := txid_current();
  v_change bigint;
  v_type text;
  v_location integer;
  v_version integer;
BEGIN
  IF p_menu IS NULL THEN
    RETURN;
  END IF;
  SELECT id, type INTO v_change, v_type FROM menu_changes WHERE tx = v_tx AND menu_id = p_menu;
  IF v_change IS NULL THEN
    SELECT location_id, version INTO v_location, v_version FROM menus WHERE id = p_menu;
    IF v_location IS NULL THEN
      RETURN; -- the menu is gone (its location is being deleted)
    END IF;
    UPDATE locations SET menus_version = menus_version + 1, menus_version_tx = v_tx
      WHERE id = v_location AND menus_version_tx IS DISTINCT FROM v_tx;
    IF p_table = 'menus' AND p_op = 'I' THEN
      v_type := 'menu.created'; -- a new menu starts at version 1
    ELSIF p_table = 'menus' AND p_op = 'D' THEN
      v_type := 'menu.deleted';
      v_version := v_version + 1;
    ELSE
      -- taproom_menus_version raises it (once per transaction), also when the app updates the menu itself.
      UPDATE menus SET version_tx = version_tx WHERE id = p_menu RETURNING version INTO v_version;
      v_type := nullif(current_setting('taproom.change_type', true), '');
    END IF;
    v_change := taproom_insert_change(v_location, p_menu, v_version, v_type, NULL);
  ELSIF v_type = 'menu.deleted' THEN
    RETURN; -- the rows of a deleted menu go with it
  ELSIF p_table = 'menus' AND p_op = 'D' THEN
    UPDATE menu_changes SET type = 'menu.deleted' WHERE id = v_change;
    PERFORM taproom_notify(json_build_object('kind', 'change', 'location_id', (p_old->>'location_id')::int,
      'menu_id', p_menu, 'id', v_change));
  END IF;
  INSERT INTO menu_edits (change_id, "table", row_id, op, old, new) VALUES (v_change, p_table, p_row, p_op, p_old, p_new);
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION taproom_notify_stale() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_row jsonb := to_jsonb(coalesce(NEW, OLD));
BEGIN
  PERFORM taproom_notify(json_build_object('kind', 'stale', 'table', TG_TABLE_NAME,
    'location_id', (v_row->>'location_id')::integer, 'business_id', (v_row->>'business_id')::integer,
    'id', (v_row->>'id')::integer, 'user_id', (v_row->>'user_id')::integer));
  RETURN NULL;
END $$;
