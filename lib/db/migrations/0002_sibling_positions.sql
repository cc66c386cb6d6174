-- Sibling positions: unique per parent, checked at commit (DEFERRABLE INITIALLY DEFERRED) so one
-- transaction can reorder a whole list, yet two siblings can never end up at one position.
-- Each constraint's index also serves lookups of a parent's children in position order.
ALTER TABLE "menus" ADD CONSTRAINT "menus_location_position_key" UNIQUE ("location_id", "position") DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_menu_type_position_key" UNIQUE ("menu_id", "type", "position") DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_section_position_key" UNIQUE ("section_id", "position") DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_item_position_key" UNIQUE ("item_id", "position") DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "custom_menus" ADD CONSTRAINT "custom_menus_location_position_key" UNIQUE ("location_id", "position") DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "custom_sections" ADD CONSTRAINT "custom_sections_menu_position_key" UNIQUE ("custom_menu_id", "position") DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "custom_items" ADD CONSTRAINT "custom_items_section_position_key" UNIQUE ("custom_section_id", "position") DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "custom_containers" ADD CONSTRAINT "custom_containers_item_position_key" UNIQUE ("custom_item_id", "position") DEFERRABLE INITIALLY DEFERRED;
