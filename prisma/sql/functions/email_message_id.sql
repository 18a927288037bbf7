-- The Message-ID of a new email: a random UUID at the site's host (p_domain), made as its outbox row is
-- written and stored with it, so every attempt sends the same one and a retry is recognisably the same
-- mail. The one rule for every email: the TypeScript that queues mail calls it (newMessageIdSql in
-- lib/email/message-id.ts), and so do the functions here that queue mail themselves.
CREATE OR REPLACE FUNCTION "email_message_id"(p_domain text) RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT '<' || gen_random_uuid()::text || '@' || p_domain || '>'
$$;
