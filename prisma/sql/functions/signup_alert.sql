-- The alerts of a new signup (email kind 'signup-alert', lib/email/kinds/signup-alert.tsx): one to each
-- active admin who asked for one per signup (admin_users.notify), queued in the signup's own transaction by
-- waitlist_queue_confirmation and sent by the outbox's sweep. The subject is p_subject_prefix and the
-- entry's name; p_message_domain is the site's host, for the Message-ID. The entry's "What kind of business?"
-- is read from its row, written earlier in the same transaction.
CREATE OR REPLACE FUNCTION "waitlist_queue_signup_alerts"(
    p_entry_id integer, p_name text, p_email text, p_business_type text, p_employees text, p_source text,
    p_now timestamptz, p_subject_prefix text, p_message_domain text
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "email_outbox" ("entryId", "kind", "to", "subject", "payload", "messageId", "createdAt", "nextAttemptAt")
  SELECT p_entry_id, 'signup-alert', a."email", p_subject_prefix || p_name,
         jsonb_build_object('name', p_name, 'email', p_email, 'businessType', p_business_type,
                            'businessDescription', (SELECT w."businessDescription" FROM "waitlist" AS w WHERE w."id" = p_entry_id),
                            'employees', p_employees,
                            'source', p_source, 'entryId', p_entry_id),
         "email_message_id"(p_message_domain), p_now, p_now
  FROM "admin_users" AS a WHERE a."notify" = 'each' AND a."isActive";
END $$;
