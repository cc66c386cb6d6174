-- Live menus (../shared/spec/live-menus.md §1, §3, §6): versions, the change feed's outbox and the
-- menus' history are written here, by the database, in the transaction of every change to a menu's
-- tree. No application write path raises a version or writes the feed itself, so none can forget to.
--
-- * One menu_changes row per menu and transaction: the first row of the tree a transaction touches
--   raises menus.version by 1 (menus.version_tx remembers the transaction) and the location's
--   menus_version by 1 (which locks the location's row until commit, so the change's id, the feed's
--   cursor, is taken in commit order per location), and inserts the change.
-- * One menu_edits row per tree row inserted, updated or deleted, with the row before and after: the
--   history (revert undoes them) and the words of the change (lib/live/describe.ts).
-- * pg_notify('taproom', …) per change; PostgreSQL delivers it at commit, to every listening instance.
--
-- Who made the change comes from the transaction: set_config('taproom.actor', '{"user_id":…,"name":…,
-- "via":"token"|"session"}', true) (lib/db/actor.ts); without it the actor is the system. A transaction
-- may name its change's type (set_config('taproom.change_type', 'menu.reverted', true)).

CREATE FUNCTION taproom_record_edit(p_menu integer, p_table text, p_row integer, p_op char, p_old jsonb, p_new jsonb)
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
    INSERT INTO menu_changes (location_id, menu_id, version, tx, type, actor)
      VALUES (v_location, p_menu, v_version, v_tx, v_type,
        coalesce(nullif(current_setting('taproom.actor', true), '')::jsonb, '{"user_id":null,"name":null,"via":"system"}'::jsonb))
      RETURNING id INTO v_change;
    PERFORM pg_notify('taproom', json_build_object('kind', 'change', 'location_id', v_location, 'menu_id', p_menu,
      'version', v_version, 'id', v_change)::text);
  ELSIF v_type = 'menu.deleted' THEN
    RETURN; -- the rows of a deleted menu go with it
  ELSIF p_table = 'menus' AND p_op = 'D' THEN
    UPDATE menu_changes SET type = 'menu.deleted' WHERE id = v_change;
    PERFORM pg_notify('taproom', json_build_object('kind', 'change', 'location_id', (p_old->>'location_id')::int,
      'menu_id', p_menu, 'id', v_change)::text);
  END IF;
  INSERT INTO menu_edits (change_id, "table", row_id, op, old, new) VALUES (v_change, p_table, p_row, p_op, p_old, p_new);
END $$;
--> statement-breakpoint

-- The menu of a section or an item, also while it is being deleted with its parent: the parent's
-- own edit of this transaction remembers where it was.
CREATE FUNCTION taproom_section_menu(p_section integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT menu_id FROM sections WHERE id = p_section),
    (SELECT (e.old->>'menu_id')::integer FROM menu_edits e JOIN menu_changes c ON c.id = e.change_id
      WHERE c.tx = txid_current() AND e."table" = 'sections' AND e.row_id = p_section AND e.op = 'D'
      ORDER BY e.id DESC LIMIT 1))
$$;
--> statement-breakpoint
CREATE FUNCTION taproom_item_menu(p_item integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT taproom_section_menu(coalesce(
    (SELECT section_id FROM items WHERE id = p_item),
    (SELECT (e.old->>'section_id')::integer FROM menu_edits e JOIN menu_changes c ON c.id = e.change_id
      WHERE c.tx = txid_current() AND e."table" = 'items' AND e.row_id = p_item AND e.op = 'D'
      ORDER BY e.id DESC LIMIT 1)))
$$;
--> statement-breakpoint

-- Raises a menu's version in the first UPDATE of the menu in a transaction, BEFORE the row is written,
-- so that the UPDATE's RETURNING (the answer of PATCH /menus/:id) already carries the new version.
CREATE FUNCTION taproom_menus_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.version_tx IS DISTINCT FROM txid_current() THEN
    NEW.version := OLD.version + 1;
    NEW.version_tx := txid_current();
  ELSE
    NEW.version := OLD.version;
    NEW.version_tx := OLD.version_tx;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER taproom_menus_versioned BEFORE UPDATE ON menus FOR EACH ROW EXECUTE FUNCTION taproom_menus_version();
--> statement-breakpoint

CREATE FUNCTION taproom_menus_edited() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The version raise of taproom_record_edit updates menus too: that is not an edit. Nor is a menu
  -- deleted with its location (a BEFORE DELETE trigger must hand OLD back, or the row would stay).
  IF pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM taproom_record_edit(OLD.id, 'menus', OLD.id, 'D', to_jsonb(OLD) - 'version' - 'version_tx', NULL);
    RETURN OLD;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM taproom_record_edit(NEW.id, 'menus', NEW.id, 'I', NULL, to_jsonb(NEW) - 'version' - 'version_tx');
  ELSE
    PERFORM taproom_record_edit(NEW.id, 'menus', NEW.id, 'U', to_jsonb(OLD) - 'version' - 'version_tx', to_jsonb(NEW) - 'version' - 'version_tx');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION taproom_sections_edited() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM taproom_record_edit(OLD.menu_id, 'sections', OLD.id, 'D', to_jsonb(OLD), NULL);
    RETURN OLD;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM taproom_record_edit(NEW.menu_id, 'sections', NEW.id, 'I', NULL, to_jsonb(NEW));
  ELSE
    PERFORM taproom_record_edit(NEW.menu_id, 'sections', NEW.id, 'U', to_jsonb(OLD), to_jsonb(NEW));
    IF OLD.menu_id <> NEW.menu_id THEN
      PERFORM taproom_record_edit(OLD.menu_id, 'sections', NEW.id, 'U', to_jsonb(OLD), to_jsonb(NEW));
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION taproom_items_edited() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_old integer;
  v_new integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM taproom_record_edit(taproom_section_menu(OLD.section_id), 'items', OLD.id, 'D', to_jsonb(OLD), NULL);
    RETURN OLD;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM taproom_record_edit(taproom_section_menu(NEW.section_id), 'items', NEW.id, 'I', NULL, to_jsonb(NEW));
  ELSE
    v_new := taproom_section_menu(NEW.section_id);
    PERFORM taproom_record_edit(v_new, 'items', NEW.id, 'U', to_jsonb(OLD), to_jsonb(NEW));
    IF OLD.section_id <> NEW.section_id THEN
      v_old := taproom_section_menu(OLD.section_id);
      IF v_old IS DISTINCT FROM v_new THEN
        PERFORM taproom_record_edit(v_old, 'items', NEW.id, 'U', to_jsonb(OLD), to_jsonb(NEW));
      END IF;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION taproom_containers_edited() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_old integer;
  v_new integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM taproom_record_edit(taproom_item_menu(OLD.item_id), 'containers', OLD.id, 'D', to_jsonb(OLD), NULL);
    RETURN OLD;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM taproom_record_edit(taproom_item_menu(NEW.item_id), 'containers', NEW.id, 'I', NULL, to_jsonb(NEW));
  ELSE
    v_new := taproom_item_menu(NEW.item_id);
    PERFORM taproom_record_edit(v_new, 'containers', NEW.id, 'U', to_jsonb(OLD), to_jsonb(NEW));
    IF OLD.item_id <> NEW.item_id THEN
      v_old := taproom_item_menu(OLD.item_id);
      IF v_old IS DISTINCT FROM v_new THEN
        PERFORM taproom_record_edit(v_old, 'containers', NEW.id, 'U', to_jsonb(OLD), to_jsonb(NEW));
      END IF;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- Deletes are recorded BEFORE the row goes (and before the cascade to its children), so a child
-- deleted by the cascade still finds its menu through its parent's edit.
CREATE TRIGGER taproom_menus_written AFTER INSERT OR UPDATE ON menus FOR EACH ROW EXECUTE FUNCTION taproom_menus_edited();
--> statement-breakpoint
CREATE TRIGGER taproom_menus_deleting BEFORE DELETE ON menus FOR EACH ROW EXECUTE FUNCTION taproom_menus_edited();
--> statement-breakpoint
CREATE TRIGGER taproom_sections_written AFTER INSERT OR UPDATE ON sections FOR EACH ROW EXECUTE FUNCTION taproom_sections_edited();
--> statement-breakpoint
CREATE TRIGGER taproom_sections_deleting BEFORE DELETE ON sections FOR EACH ROW EXECUTE FUNCTION taproom_sections_edited();
--> statement-breakpoint
CREATE TRIGGER taproom_items_written AFTER INSERT OR UPDATE ON items FOR EACH ROW EXECUTE FUNCTION taproom_items_edited();
--> statement-breakpoint
CREATE TRIGGER taproom_items_deleting BEFORE DELETE ON items FOR EACH ROW EXECUTE FUNCTION taproom_items_edited();
--> statement-breakpoint
CREATE TRIGGER taproom_containers_written AFTER INSERT OR UPDATE ON containers FOR EACH ROW EXECUTE FUNCTION taproom_containers_edited();
--> statement-breakpoint
CREATE TRIGGER taproom_containers_deleting BEFORE DELETE ON containers FOR EACH ROW EXECUTE FUNCTION taproom_containers_edited();
--> statement-breakpoint

-- Everything else a process may cache (lib/live/): a row of these tables written anywhere tells every
-- instance which cached answers went stale, at commit. Identical notifications of one transaction are
-- folded into one by PostgreSQL, so a batch of rows costs one per location.
CREATE FUNCTION taproom_notify_stale() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_row jsonb := to_jsonb(coalesce(NEW, OLD));
BEGIN
  PERFORM pg_notify('taproom', json_build_object('kind', 'stale', 'table', TG_TABLE_NAME,
    'location_id', (v_row->>'location_id')::integer, 'business_id', (v_row->>'business_id')::integer,
    'id', (v_row->>'id')::integer)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER taproom_users_stale AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION taproom_notify_stale();
--> statement-breakpoint
CREATE TRIGGER taproom_locations_stale AFTER INSERT OR UPDATE OR DELETE ON locations FOR EACH ROW EXECUTE FUNCTION taproom_notify_stale();
--> statement-breakpoint
CREATE TRIGGER taproom_businesses_stale AFTER INSERT OR UPDATE OR DELETE ON businesses FOR EACH ROW EXECUTE FUNCTION taproom_notify_stale();
