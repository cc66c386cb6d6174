-- The read model keeps the dashboard's sessions too (lib/sessions/browser-sessions.ts): a cookie is
-- resolved without a query until its session row is deleted (sign-out, every session of a user ended)
-- or changed, which every instance hears. The stale notification gains the row's user_id for that.
CREATE OR REPLACE FUNCTION taproom_notify_stale() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_row jsonb := to_jsonb(coalesce(NEW, OLD));
BEGIN
  PERFORM pg_notify('taproom', json_build_object('kind', 'stale', 'table', TG_TABLE_NAME,
    'location_id', (v_row->>'location_id')::integer, 'business_id', (v_row->>'business_id')::integer,
    'id', (v_row->>'id')::integer, 'user_id', (v_row->>'user_id')::integer)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A new session is not kept before its first lookup, so inserts need no notification.
CREATE TRIGGER taproom_browser_sessions_stale AFTER UPDATE OR DELETE ON browser_sessions FOR EACH ROW EXECUTE FUNCTION taproom_notify_stale();
