-- Outbound webhooks: every waitlist event queued, by triggers on waitlist (made by the webhooks
-- migration), in the same transaction as the change, so no code path can forget one.

-- An entry as events describe it.
CREATE OR REPLACE FUNCTION "webhook_entry"(r "waitlist") RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', r."id", 'name', r."name", 'email', r."email", 'businessType', r."businessType",
    'businessDescription', r."businessDescription", 'employees', r."employees",
    'source', r."source", 'utmSource', r."utmSource", 'utmMedium', r."utmMedium",
    'utmCampaign', r."utmCampaign", 'referrer', r."referrer", 'status', r."status",
    'joinedAt', r."joinedAt", 'confirmedAt', r."confirmedAt", 'invitedAt', r."invitedAt", 'acceptedAt', r."acceptedAt")
$$;

-- Queues one delivery per webhook for each (event, entry id, data) given.
CREATE OR REPLACE FUNCTION "webhook_queue"(p_events jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "webhook_deliveries" ("webhookId", "entryId", "event", "payload")
  SELECT h."id", (e ->> 'entryId')::int, e ->> 'event',
         jsonb_build_object('id', gen_random_uuid(), 'type', e ->> 'event', 'createdAt', now(), 'data', e -> 'data')
  FROM jsonb_array_elements(p_events) AS e CROSS JOIN "webhooks" AS h;
END $$;

-- An import (lib/data/waitlist/import.ts) sets otto.importing for its transaction: its entries are not news
-- to anyone, and a thousand signup events would flood every receiver. The import queues one
-- waitlist.imported event with its counts instead.
CREATE OR REPLACE FUNCTION "waitlist_webhooks_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('otto.importing', true) IS DISTINCT FROM 'on' AND EXISTS (SELECT 1 FROM "webhooks") THEN
    PERFORM "webhook_queue"((
      SELECT jsonb_agg(jsonb_build_object('event', 'waitlist.signup', 'entryId', n."id", 'data', jsonb_build_object('entry', "webhook_entry"(n::"waitlist"))))
      FROM inserted_rows AS n WHERE n."heldAt" IS NULL));
  END IF;
  RETURN NULL;
END $$;

-- A held signup released (receivers hear of it then, never before), a confirmation, an invitation or an
-- acceptance; each once, when it first happens.
CREATE OR REPLACE FUNCTION "waitlist_webhooks_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "webhooks") THEN
    PERFORM "webhook_queue"((
      SELECT jsonb_agg(jsonb_build_object('event', e."event", 'entryId', n."id", 'data', jsonb_build_object('entry', "webhook_entry"(n::"waitlist"))))
      FROM old_rows AS o JOIN new_rows AS n ON n."id" = o."id"
      CROSS JOIN LATERAL (
        SELECT 'waitlist.released' AS "event" WHERE o."heldAt" IS NOT NULL AND n."heldAt" IS NULL
        UNION ALL SELECT 'waitlist.confirmed' WHERE o."confirmedAt" IS NULL AND n."confirmedAt" IS NOT NULL
        UNION ALL SELECT 'waitlist.invited' WHERE o."status" = 'waiting' AND n."status" = 'invited'
        UNION ALL SELECT 'waitlist.accepted' WHERE o."status" <> 'accepted' AND n."status" = 'accepted'
      ) AS e));
  END IF;
  RETURN NULL;
END $$;

-- An erased entry: what was queued about them goes (their name and email with it), and receivers are told
-- only the id that is gone; of a held entry, which they never heard of, nothing.
CREATE OR REPLACE FUNCTION "waitlist_webhooks_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "webhook_deliveries" WHERE "entryId" IN (SELECT "id" FROM deleted_rows);
  IF EXISTS (SELECT 1 FROM "webhooks") THEN
    PERFORM "webhook_queue"((
      SELECT jsonb_agg(jsonb_build_object('event', 'waitlist.deleted', 'entryId', NULL, 'data', jsonb_build_object('entry', jsonb_build_object('id', o."id"))))
      FROM deleted_rows AS o WHERE o."heldAt" IS NULL));
  END IF;
  RETURN NULL;
END $$;
