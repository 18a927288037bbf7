-- A signup, and a request for a new confirmation link, in one call (lib/email/kinds/confirmation.tsx): the
-- entry (for a signup, with the alerts admins asked for), the two token hashes and the confirmation email
-- are written together or not at all. A function rather than one statement with data-modifying CTEs:
-- PostgreSQL plans such a statement anew on every call, while a function keeps its plans for the connection.
-- Returns the queued email's id, or NULL when nothing was sent: the address is already on the list and
-- confirmed, or was sent a link after p_resend_before, or (for a request for a new link) is not on the list.
-- A repeat signup changes nothing of an entry, its source and referrer included. A referral code that names
-- no entry is ignored: the signup is kept and answered like any other.
--
-- p_business_description is the visitor's "What kind of business?" (the schema keeps it for "other" only).
--
-- p_held_reason is set when the signup came without a valid proof of work (lib/challenge/altcha.ts): a new
-- entry is then stored held, with no email and no alert, and a repeat signup sends nothing. Without it (a
-- proven signup or request, or an admin's release), an entry held earlier is released: the email it never
-- had goes out now, and the new-signup alerts too unless p_release_alerts is false (an admin's release: the
-- team released it itself, perhaps hundreds at once, and the audit log says so).
CREATE OR REPLACE FUNCTION "waitlist_queue_confirmation"(
    p_signup boolean, p_name text, p_email text, p_business_type text, p_employees text,
    p_now timestamptz, p_resend_before timestamptz,
    p_confirm_hash text, p_leave_hash text, p_expires_at timestamptz,
    p_subject text, p_confirm_url text, p_leave_url text, p_message_id text,
    p_utm_source text, p_utm_medium text, p_utm_campaign text, p_referrer text,
    p_alert_subject text, p_message_domain text,
    p_referral_code text, p_signup_network text, p_held_reason text, p_release_alerts boolean,
    p_proof_hash bytea, p_proof_expires_at timestamptz, p_business_description text
) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_id integer;
  v_name text;
  v_source text;
  v_outbox integer;
BEGIN
  -- A checked proof of work is used up here, in the signup's own transaction: one sent before (on any
  -- server) holds this signup instead.
  IF p_proof_hash IS NOT NULL THEN
    INSERT INTO "challenge_solutions" ("signatureHash", "expiresAt") VALUES (p_proof_hash, p_proof_expires_at)
    ON CONFLICT ("signatureHash") DO NOTHING;
    IF NOT FOUND THEN
      p_held_reason := 'replayed';
    END IF;
  END IF;
  IF p_signup THEN
    INSERT INTO "waitlist" ("name", "email", "businessType", "businessDescription", "employees", "joinedAt", "consentedAt", "confirmationSentAt",
                            "utmSource", "utmMedium", "utmCampaign", "referrer", "origin", "referredById", "signupNetwork", "heldAt", "heldReason")
    VALUES (p_name, p_email, p_business_type, p_business_description, p_employees, p_now, p_now, CASE WHEN p_held_reason IS NULL THEN p_now END,
            p_utm_source, p_utm_medium, p_utm_campaign, p_referrer,
            -- Through a personal link: its source is "referral" unless a utm_source says otherwise, as the
            -- visit's (lib/validation/visit.ts), whether or not the code still names someone.
            CASE WHEN p_referral_code IS NOT NULL THEN 'referral' END,
            (SELECT "id" FROM "waitlist" WHERE "referralCode" = p_referral_code), p_signup_network,
            CASE WHEN p_held_reason IS NOT NULL THEN p_now END, p_held_reason)
    ON CONFLICT ("email") DO NOTHING
    RETURNING "id", "name", "source" INTO v_id, v_name, v_source;
    IF v_id IS NOT NULL AND p_held_reason IS NOT NULL THEN
      RETURN NULL;
    ELSIF v_id IS NOT NULL THEN
      PERFORM "waitlist_queue_signup_alerts"(v_id, p_name, p_email, p_business_type, p_employees, v_source, p_now, p_alert_subject, p_message_domain);
    END IF;
  END IF;
  IF v_id IS NULL AND p_held_reason IS NOT NULL THEN
    RETURN NULL;
  END IF;
  IF v_id IS NULL THEN
    UPDATE "waitlist" SET "heldAt" = NULL, "heldReason" = NULL, "confirmationSentAt" = p_now
    WHERE "email" = p_email AND "heldAt" IS NOT NULL
    RETURNING "id", "name", "businessType", "employees", "source" INTO v_id, v_name, p_business_type, p_employees, v_source;
    IF v_id IS NOT NULL AND p_release_alerts THEN
      PERFORM "waitlist_queue_signup_alerts"(v_id, v_name, p_email, p_business_type, p_employees, v_source, p_now, p_alert_subject, p_message_domain);
    END IF;
  END IF;
  IF v_id IS NULL THEN
    UPDATE "waitlist" SET "confirmationSentAt" = p_now
    WHERE "email" = p_email AND "confirmedAt" IS NULL AND ("confirmationSentAt" IS NULL OR "confirmationSentAt" <= p_resend_before)
    RETURNING "id", "name" INTO v_id, v_name;
    IF v_id IS NULL THEN
      RETURN NULL;
    END IF;
  END IF;
  INSERT INTO "waitlist_tokens" ("tokenHash", "entryId", "purpose", "createdAt", "expiresAt")
  VALUES (p_confirm_hash, v_id, 'confirm', p_now, p_expires_at), (p_leave_hash, v_id, 'leave', p_now, NULL);
  INSERT INTO "email_outbox" ("entryId", "kind", "to", "subject", "payload", "messageId", "createdAt", "nextAttemptAt")
  VALUES (v_id, 'confirmation', p_email, p_subject,
          jsonb_build_object('name', v_name, 'confirmUrl', p_confirm_url, 'leaveUrl', p_leave_url), p_message_id, p_now, p_now)
  RETURNING "id" INTO v_outbox;
  RETURN v_outbox;
END $$;
