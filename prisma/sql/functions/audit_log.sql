-- The audit log is a record of what admins did: no row of it is ever changed (trigger audit_log_no_update,
-- made by the admin_sessions_audit_log migration).
CREATE OR REPLACE FUNCTION "audit_log_is_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END $$;
