ALTER TABLE "drive_accounts" ADD COLUMN "root_list_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "drive_entries" ADD COLUMN "list_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Raises the list version of every folder (or root) whose direct entries changed where they sort: new,
-- removed, moved, renamed, resized, saved, deleted or restored. Per statement, from its transition
-- tables, so a bulk insert costs one update. The raises are themselves updates of drive_entries:
-- they change no list, and the depth check keeps them from firing this again.
CREATE FUNCTION kerf_raise_list_versions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parents uuid[];
  root_owners uuid[];
BEGIN
  IF pg_trigger_depth() > 1 THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT parent_id), array_agg(DISTINCT user_id) FILTER (WHERE parent_id IS NULL)
      INTO parents, root_owners FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT parent_id), array_agg(DISTINCT user_id) FILTER (WHERE parent_id IS NULL)
      INTO parents, root_owners FROM old_rows;
  ELSE
    WITH moved AS (
      SELECT o.user_id, o.parent_id AS old_parent, n.parent_id AS new_parent
        FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE (o.parent_id, o.name, o.is_dir, o.extend_name, o.file_size, o.updated_at, o.deleted_at)
             IS DISTINCT FROM (n.parent_id, n.name, n.is_dir, n.extend_name, n.file_size, n.updated_at, n.deleted_at)
    ), touched AS (
      SELECT user_id, old_parent AS parent_id FROM moved UNION SELECT user_id, new_parent FROM moved
    )
    SELECT array_agg(DISTINCT parent_id), array_agg(DISTINCT user_id) FILTER (WHERE parent_id IS NULL)
      INTO parents, root_owners FROM touched;
  END IF;
  IF parents IS NOT NULL THEN
    UPDATE drive_entries SET list_version = list_version + 1 WHERE id = ANY (parents);
  END IF;
  IF root_owners IS NOT NULL THEN
    UPDATE drive_accounts SET root_list_version = root_list_version + 1 WHERE user_id = ANY (root_owners);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER drive_entries_list_versions_insert AFTER INSERT ON drive_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kerf_raise_list_versions();--> statement-breakpoint
CREATE TRIGGER drive_entries_list_versions_update AFTER UPDATE ON drive_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kerf_raise_list_versions();--> statement-breakpoint
CREATE TRIGGER drive_entries_list_versions_delete AFTER DELETE ON drive_entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kerf_raise_list_versions();
