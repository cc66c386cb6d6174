-- The read model (lib/read-model/): every instance keeps the answers of the conditional reads
-- (live-menus §2) until a notification says they went stale. Menus, their trees, locations, users and
-- businesses notify since 0009; these are the other tables those reads come from. The function is
-- 0009's taproom_notify_stale(): {"kind":"stale","table",location_id,business_id,id} at commit.
CREATE TRIGGER taproom_events_stale AFTER INSERT OR UPDATE OR DELETE ON events FOR EACH ROW EXECUTE FUNCTION taproom_notify_stale();
--> statement-breakpoint
CREATE TRIGGER taproom_hours_stale AFTER INSERT OR UPDATE OR DELETE ON hours FOR EACH ROW EXECUTE FUNCTION taproom_notify_stale();
--> statement-breakpoint
CREATE TRIGGER taproom_container_sizes_stale AFTER INSERT OR UPDATE OR DELETE ON container_sizes FOR EACH ROW EXECUTE FUNCTION taproom_notify_stale();
