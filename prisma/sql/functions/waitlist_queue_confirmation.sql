-- A signup, and a request for a new confirmation link, in one call (queueConfirmationSql in
-- lib/data/waitlist/signups.ts): the entry (for a signup, with the alerts admins asked for, and the claim of
-- the visit the landing page counted for it), the two token hashes and the confirmation email are written
-- together or not at all. A function rather than one statement with data-modifying CTEs: PostgreSQL plans
-- such a statement anew on every call, while a function keeps its plans for the connection.
-- Returns the queued email's id, or NULL when nothing was sent: the address is already on the list and
-- confirmed, or was sent a link after resendBefore, or (for a request for a new link) is not on the list.
-- A repeat signup changes nothing of an entry, its source and referrer included. A referral code that names
-- no entry is ignored: the signup is kept and answered like any other.
--
-- One JSON argument, its fields named as queueConfirmationSql writes them, rather than a long list of
-- positional ones: a new field is a new key (an older caller leaves it out and gets its default), so the
-- function's signature never changes again and no overload has to be kept for a deploy's overlap.
--
-- businessDescription is the visitor's "What kind of business?" (the schema keeps it for "other" only).
--
-- heldReason is set when the signup came without a valid proof of work (lib/challenge/altcha.ts): a new
-- entry is then stored held, with no email and no alert, and a repeat signup sends nothing. Without it (a
-- proven signup or request, or an admin's release), an entry held earlier is released: the email it never
-- had goes out now, and the new-signup alerts too unless releaseAlerts is false (an admin's release: the
-- team released it itself, perhaps hundreds at once, and the audit log says so).
--
-- visitDay and visitHash name the visitor the landing page's beacon may have counted today
-- (lib/visits/count.ts): a new entry claims that visit when it was counted under the entry's own source and
-- no other signup claimed it, so a conversion is only counted against a counted visitor, one signup each.
CREATE OR REPLACE FUNCTION "waitlist_queue_confirmation"(p jsonb) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  p_signup boolean := (p->>'signup')::boolean;
  p_email text := p->>'email';
  p_name text := p->>'name';
  p_business_type text := p->>'businessType';
  p_employees text := p->>'employees';
  p_now timestamptz := (p->>'now')::timestamptz;
  p_held_reason text := p->>'heldReason';
  p_referral_code text := p->>'referralCode';
  p_release_alerts boolean := COALESCE((p->>'releaseAlerts')::boolean, true);
  p_proof_hash bytea := decode(p->>'proofHash', 'hex');
  p_visit_hash bytea := decode(p->>'visitHash', 'hex');
  v_id integer;
  v_name text;
  v_source text;
  v_outbox integer;
BEGIN
  -- A checked proof of work is used up here, in the signup's own transaction: one sent before (on any
  -- server) holds this signup instead.
  IF p_proof_hash IS NOT NULL THEN
    INSERT INTO "challenge_solutions" ("signatureHash", "expiresAt") VALUES (p_proof_hash, (p->>'proofExpiresAt')::timestamptz)
    ON CONFLICT ("signatureHash") DO NOTHING;
    IF NOT FOUND THEN
      p_held_reason := 'replayed';
    END IF;
  END IF;
  IF p_signup THEN
    INSERT INTO "waitlist" ("name", "email", "businessType", "businessDescription", "employees", "joinedAt", "consentedAt", "confirmationSentAt",
                            "utmSource", "utmMedium", "utmCampaign", "referrer", "origin", "referredById", "signupNetwork", "heldAt", "heldReason")
    VALUES (p_name, p_email, p_business_type, p->>'businessDescription', p_employees, p_now, p_now, CASE WHEN p_held_reason IS NULL THEN p_now END,
            p->>'utmSource', p->>'utmMedium', p->>'utmCampaign', p->>'referrer',
            -- Through a personal link: its source is "referral" unless a utm_source says otherwise, as the
            -- visit's (lib/validation/visit.ts), whether or not the code still names someone.
            CASE WHEN p_referral_code IS NOT NULL THEN 'referral' END,
            (SELECT "id" FROM "waitlist" WHERE "referralCode" = p_referral_code), p->>'signupNetwork',
            CASE WHEN p_held_reason IS NOT NULL THEN p_now END, p_held_reason)
    ON CONFLICT ("email") DO NOTHING
    RETURNING "id", "name", "source" INTO v_id, v_name, v_source;
    -- The visit is claimed by a new entry only (held or not, as the overview counts held entries apart), and
    -- the entry marked only when there was one to claim: most signups through the form without scripts, and
    -- every API client's, have none and cost nothing more.
    IF v_id IS NOT NULL AND p_visit_hash IS NOT NULL THEN
      UPDATE "visit_seen" SET "signedUp" = true
      WHERE "day" = (p->>'visitDay')::date AND "source" = v_source AND "hash" = p_visit_hash AND NOT "signedUp";
      IF FOUND THEN
        UPDATE "waitlist" SET "visitCounted" = true WHERE "id" = v_id;
      END IF;
    END IF;
    IF v_id IS NOT NULL AND p_held_reason IS NOT NULL THEN
      RETURN NULL;
    ELSIF v_id IS NOT NULL THEN
      PERFORM "waitlist_queue_signup_alerts"(v_id, p_name, p_email, p_business_type, p_employees, v_source, p_now, p->>'alertSubject', p->>'messageDomain');
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
      PERFORM "waitlist_queue_signup_alerts"(v_id, v_name, p_email, p_business_type, p_employees, v_source, p_now, p->>'alertSubject', p->>'messageDomain');
    END IF;
  END IF;
  IF v_id IS NULL THEN
    UPDATE "waitlist" SET "confirmationSentAt" = p_now
    WHERE "email" = p_email AND "confirmedAt" IS NULL
      AND ("confirmationSentAt" IS NULL OR "confirmationSentAt" <= (p->>'resendBefore')::timestamptz)
    RETURNING "id", "name" INTO v_id, v_name;
    IF v_id IS NULL THEN
      RETURN NULL;
    END IF;
  END IF;
  INSERT INTO "waitlist_tokens" ("tokenHash", "entryId", "purpose", "createdAt", "expiresAt")
  VALUES (p->>'confirmHash', v_id, 'confirm', p_now, (p->>'expiresAt')::timestamptz), (p->>'leaveHash', v_id, 'leave', p_now, NULL);
  INSERT INTO "email_outbox" ("entryId", "kind", "to", "subject", "payload", "messageId", "createdAt", "nextAttemptAt")
  VALUES (v_id, 'confirmation', p_email, p->>'subject',
          jsonb_build_object('name', v_name, 'confirmUrl', p->>'confirmUrl', 'leaveUrl', p->>'leaveUrl'),
          "email_message_id"(p->>'messageDomain'), p_now, p_now)
  RETURNING "id" INTO v_outbox;
  RETURN v_outbox;
END $$;
