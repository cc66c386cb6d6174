-- One id sequence for menus and custom menus (issue 31 row 12, decision 052). `GET /menus/:id?include_legacy=true`
-- answers the menu with that id first (v1-venue-api.md, Versioning 3), so a custom menu whose id a menu also has
-- could never be reached that way; each table counted from 1, and the demo's custom menus had the menus' ids.
--
-- From now on custom menus take their ids from menus_id_seq, so no new id of either collides with the other.
-- Existing custom menus keep their ids unless a menu has the same one: those get new ids from the sequence,
-- and every reference follows them (custom_sections.custom_menu_id, menus.legacy_menu_id, and the legacy_menu_id
-- in the menus' history rows). The sequence first moves past every custom menu id and legacy_menu_id, so it
-- never hands one of them out again.

ALTER TABLE "custom_menus" ALTER COLUMN "id" DROP IDENTITY;
--> statement-breakpoint
SELECT setval('menus_id_seq', t.highest)
  FROM (SELECT greatest((SELECT max(id) FROM menus), (SELECT max(id) FROM custom_menus), (SELECT max(legacy_menu_id) FROM menus)) AS highest) t
  WHERE t.highest >= (SELECT CASE WHEN is_called THEN last_value + 1 ELSE last_value END FROM menus_id_seq);
--> statement-breakpoint
ALTER TABLE "custom_menus" ALTER COLUMN "id" SET DEFAULT nextval('menus_id_seq');
--> statement-breakpoint
CREATE TEMPORARY TABLE custom_menus_renumbered AS
  SELECT colliding.id AS old_id, nextval('menus_id_seq')::integer AS new_id
    FROM (SELECT id FROM custom_menus WHERE id IN (SELECT id FROM menus) ORDER BY id) colliding;
--> statement-breakpoint
-- The sections' foreign key does not follow an update of the id it names: set aside while both move.
ALTER TABLE "custom_sections" DROP CONSTRAINT "custom_sections_custom_menu_id_custom_menus_id_fk";
--> statement-breakpoint
UPDATE custom_menus SET id = r.new_id FROM custom_menus_renumbered r WHERE custom_menus.id = r.old_id;
--> statement-breakpoint
UPDATE custom_sections SET custom_menu_id = r.new_id FROM custom_menus_renumbered r WHERE custom_sections.custom_menu_id = r.old_id;
--> statement-breakpoint
ALTER TABLE "custom_sections" ADD CONSTRAINT "custom_sections_custom_menu_id_custom_menus_id_fk" FOREIGN KEY ("custom_menu_id") REFERENCES "public"."custom_menus"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- A menu that replaced a renumbered custom menu names its new id: its answer changes, so the triggers of 0009
-- raise its version (and its location's menus_version), write a change by the system and notify, as for any
-- change, and tags taken before no longer match.
UPDATE menus SET legacy_menu_id = r.new_id FROM custom_menus_renumbered r WHERE menus.legacy_menu_id = r.old_id;
--> statement-breakpoint
-- The history names the custom menu by its new id throughout, so a version read or restored later names the
-- custom menu it replaced. The edits of the change just written would then say nothing (the new id before
-- and after): they go, and the change stays, as "Changed menu …" by the system.
DELETE FROM menu_edits e USING menu_changes c
  WHERE e.change_id = c.id AND c.tx = txid_current() AND e."table" = 'menus' AND e.op = 'U'
    AND e.row_id IN (SELECT id FROM menus WHERE legacy_menu_id IN (SELECT new_id FROM custom_menus_renumbered));
--> statement-breakpoint
UPDATE menu_edits SET old = jsonb_set(old, '{legacy_menu_id}', to_jsonb(r.new_id))
  FROM custom_menus_renumbered r
  WHERE menu_edits."table" = 'menus' AND (menu_edits.old->>'legacy_menu_id')::integer = r.old_id;
--> statement-breakpoint
UPDATE menu_edits SET new = jsonb_set(new, '{legacy_menu_id}', to_jsonb(r.new_id))
  FROM custom_menus_renumbered r
  WHERE menu_edits."table" = 'menus' AND (menu_edits.new->>'legacy_menu_id')::integer = r.old_id;
--> statement-breakpoint
DROP TABLE custom_menus_renumbered;
