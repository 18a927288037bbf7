-- Importing an existing list (lib/data/waitlist/import.ts), and the people an import must never bring back.

-- The suppression list: a keyed hash (HMAC-SHA256) of the normalised address of everyone who left through
-- their leave link or was deleted by an admin with "never import again". Only the hash is kept: the address
-- itself is gone with the entry, and the hash cannot be turned back into it without the server's key.
-- CreateTable
CREATE TABLE "waitlist_suppressions" (
    "hash" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "waitlist_suppressions_pkey" PRIMARY KEY ("hash")
);

-- Each batch of an import as it was applied, so that a batch sent again (a retry after a lost answer) adds
-- nothing and is counted once, and the import's one audit entry can add the batches up.
-- CreateTable
CREATE TABLE "waitlist_import_batches" (
    "importId" UUID NOT NULL,
    "batch" INTEGER NOT NULL,
    "adminId" INTEGER,
    "added" INTEGER NOT NULL,
    "existing" INTEGER NOT NULL,
    "invalid" INTEGER NOT NULL,
    "suppressed" INTEGER NOT NULL,
    "confirmations" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "waitlist_import_batches_pkey" PRIMARY KEY ("importId","batch")
);

-- An import once finished (or stopped): its audit entry and its webhook event are written once.
-- CreateTable
CREATE TABLE "waitlist_imports" (
    "id" UUID NOT NULL,
    "adminId" INTEGER,
    "finishedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "waitlist_imports_pkey" PRIMARY KEY ("id")
);
