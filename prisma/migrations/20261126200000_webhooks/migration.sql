-- Outbound webhooks: URLs the team sets, each sent a signed JSON POST for every waitlist event, from a
-- durable queue like the email outbox. Events are queued by triggers on waitlist, in the same transaction
-- as the change, so no code path can forget one.

CREATE TABLE "webhooks" (
    "id" SERIAL NOT NULL,
    "url" TEXT NOT NULL,
    -- The HMAC-SHA256 key receivers verify signatures with; shown to admins only.
    "secret" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhooks_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "webhook_deliveries" (
    "id" SERIAL NOT NULL,
    "webhookId" INTEGER NOT NULL,
    -- The entry the event is about (erasing it erases its deliveries); null for a test event.
    "entryId" INTEGER,
    "event" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    -- pending, delivered, or failed after the last retry.
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deliveredAt" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "webhook_deliveries_webhookId_fkey" FOREIGN KEY ("webhookId") REFERENCES "webhooks"("id") ON DELETE CASCADE
);
CREATE INDEX "webhook_deliveries_status_nextAttemptAt_idx" ON "webhook_deliveries" ("status", "nextAttemptAt");
CREATE INDEX "webhook_deliveries_webhookId_id_idx" ON "webhook_deliveries" ("webhookId", "id" DESC);
CREATE INDEX "webhook_deliveries_entryId_idx" ON "webhook_deliveries" ("entryId");

-- Each attempt to deliver: the receiver's response status, or why there was none.
CREATE TABLE "webhook_attempts" (
    "id" SERIAL NOT NULL,
    "deliveryId" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "responseStatus" INTEGER,
    "error" TEXT,
    "durationMs" INTEGER NOT NULL,

    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "webhook_attempts_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE
);
CREATE INDEX "webhook_attempts_deliveryId_idx" ON "webhook_attempts" ("deliveryId");

-- An entry as events describe it.
CREATE FUNCTION "webhook_entry"(r "waitlist") RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', r."id", 'name', r."name", 'email', r."email", 'businessType', r."businessType", 'employees', r."employees",
    'source', COALESCE(r."utmSource", r."referrer", 'direct'), 'utmSource', r."utmSource", 'utmMedium', r."utmMedium",
    'utmCampaign', r."utmCampaign", 'referrer', r."referrer", 'status', r."status",
    'joinedAt', r."joinedAt", 'confirmedAt', r."confirmedAt", 'invitedAt', r."invitedAt", 'acceptedAt', r."acceptedAt")
$$;

-- Queues one delivery per webhook for each (event, entry id, data) given.
CREATE FUNCTION "webhook_queue"(p_events jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "webhook_deliveries" ("webhookId", "entryId", "event", "payload")
  SELECT h."id", (e ->> 'entryId')::int, e ->> 'event',
         jsonb_build_object('id', gen_random_uuid(), 'type', e ->> 'event', 'createdAt', now(), 'data', e -> 'data')
  FROM jsonb_array_elements(p_events) AS e CROSS JOIN "webhooks" AS h;
END $$;

CREATE FUNCTION "waitlist_webhooks_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "webhooks") THEN
    PERFORM "webhook_queue"((
      SELECT jsonb_agg(jsonb_build_object('event', 'waitlist.signup', 'entryId', n."id", 'data', jsonb_build_object('entry', "webhook_entry"(n::"waitlist"))))
      FROM inserted_rows AS n));
  END IF;
  RETURN NULL;
END $$;

-- A confirmation, an invitation or an acceptance; each once, when it first happens.
CREATE FUNCTION "waitlist_webhooks_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "webhooks") THEN
    PERFORM "webhook_queue"((
      SELECT jsonb_agg(jsonb_build_object('event', e."event", 'entryId', n."id", 'data', jsonb_build_object('entry', "webhook_entry"(n::"waitlist"))))
      FROM old_rows AS o JOIN new_rows AS n ON n."id" = o."id"
      CROSS JOIN LATERAL (
        SELECT 'waitlist.confirmed' AS "event" WHERE o."confirmedAt" IS NULL AND n."confirmedAt" IS NOT NULL
        UNION ALL SELECT 'waitlist.invited' WHERE o."status" = 'waiting' AND n."status" = 'invited'
        UNION ALL SELECT 'waitlist.accepted' WHERE o."status" <> 'accepted' AND n."status" = 'accepted'
      ) AS e));
  END IF;
  RETURN NULL;
END $$;

-- An erased entry: what was queued about them goes (their name and email with it), and receivers are told
-- only the id that is gone.
CREATE FUNCTION "waitlist_webhooks_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "webhook_deliveries" WHERE "entryId" IN (SELECT "id" FROM deleted_rows);
  IF EXISTS (SELECT 1 FROM "webhooks") THEN
    PERFORM "webhook_queue"((
      SELECT jsonb_agg(jsonb_build_object('event', 'waitlist.deleted', 'entryId', NULL, 'data', jsonb_build_object('entry', jsonb_build_object('id', o."id"))))
      FROM deleted_rows AS o));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "waitlist_webhooks_insert" AFTER INSERT ON "waitlist"
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION "waitlist_webhooks_on_insert"();

CREATE TRIGGER "waitlist_webhooks_update" AFTER UPDATE ON "waitlist"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "waitlist_webhooks_on_update"();

CREATE TRIGGER "waitlist_webhooks_delete" AFTER DELETE ON "waitlist"
  REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION "waitlist_webhooks_on_delete"();
