-- The audit trail is insert-only (issue 19): no statement may change or remove a record,
-- whoever runs it. The one exception is the foreign key's own ON DELETE SET NULL: when a
-- user is deleted, the records keep the actor's name and role and lose only the link.
CREATE OR REPLACE FUNCTION audit_events_insert_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND OLD.actor_id IS NOT NULL AND NEW.actor_id IS NULL
    AND (NEW.id, NEW.entity, NEW.entity_id, NEW.action, NEW.actor_name, NEW.actor_role, NEW.changes, NEW.at)
      IS NOT DISTINCT FROM (OLD.id, OLD.entity, OLD.entity_id, OLD.action, OLD.actor_name, OLD.actor_role, OLD.changes, OLD.at)
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_events is insert-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_no_update_or_delete
  BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_insert_only();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate
  BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_insert_only();
