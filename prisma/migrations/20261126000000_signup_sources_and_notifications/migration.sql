-- Where a signup came from, as the landing page saw it at the start of the visit: the first-touch UTM
-- parameters and the referring site's host (no cookie; null when the visit had none). A repeat signup
-- changes nothing of an entry, these included.
ALTER TABLE "waitlist" ADD COLUMN "utmSource" TEXT;
ALTER TABLE "waitlist" ADD COLUMN "utmMedium" TEXT;
ALTER TABLE "waitlist" ADD COLUMN "utmCampaign" TEXT;
ALTER TABLE "waitlist" ADD COLUMN "referrer" TEXT;

-- Each admin's choice of email about signups: 'each' (one per new signup), 'digest' (one a day) or 'none'.
ALTER TABLE "admin_users" ADD COLUMN "notify" TEXT NOT NULL DEFAULT 'none';

-- One digest per admin per day, however many servers run the sweep.
CREATE UNIQUE INDEX "email_outbox_digest_key" ON "email_outbox" ("to", ("payload" ->> 'day')) WHERE "kind" = 'digest';

-- The signup function, now storing the source too, and queueing the new-signup alerts admins asked for
-- (admin_users.notify); the rest as in the email_outbox migration.
DROP FUNCTION "waitlist_queue_confirmation"(boolean, text, text, text, text, timestamptz, timestamptz, text, text, timestamptz, text, text, text, text);

CREATE FUNCTION "waitlist_queue_confirmation"(
    p_signup boolean, p_name text, p_email text, p_business_type text, p_employees text,
    p_now timestamptz, p_resend_before timestamptz,
    p_confirm_hash text, p_leave_hash text, p_expires_at timestamptz,
    p_subject text, p_confirm_url text, p_leave_url text, p_message_id text,
    p_utm_source text, p_utm_medium text, p_utm_campaign text, p_referrer text,
    p_alert_subject text, p_message_domain text
) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_id integer;
  v_name text;
  v_outbox integer;
BEGIN
  IF p_signup THEN
    INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "joinedAt", "consentedAt", "confirmationSentAt",
                            "utmSource", "utmMedium", "utmCampaign", "referrer")
    VALUES (p_name, p_email, p_business_type, p_employees, p_now, p_now, p_now, p_utm_source, p_utm_medium, p_utm_campaign, p_referrer)
    ON CONFLICT ("email") DO NOTHING
    RETURNING "id", "name" INTO v_id, v_name;
    -- A new entry: an alert to each active admin who asked for one per signup (sent by the sweep).
    IF v_id IS NOT NULL THEN
      INSERT INTO "email_outbox" ("entryId", "kind", "to", "subject", "payload", "messageId", "createdAt", "nextAttemptAt")
      SELECT v_id, 'signup-alert', a."email", p_alert_subject || p_name,
             jsonb_build_object('name', p_name, 'email', p_email, 'businessType', p_business_type, 'employees', p_employees,
                                'source', COALESCE(p_utm_source, p_referrer, 'direct'), 'entryId', v_id),
             '<' || gen_random_uuid()::text || '@' || p_message_domain || '>', p_now, p_now
      FROM "admin_users" AS a WHERE a."notify" = 'each' AND a."isActive";
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
