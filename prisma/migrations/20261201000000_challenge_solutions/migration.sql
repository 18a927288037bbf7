-- The proof-of-work challenges already accepted from the signup form, so one solved challenge buys one signup
-- however many server instances it is sent to. Only a SHA-256 of each challenge's signature is kept, until
-- the challenge expires: after that it is refused as expired anyway, and the sweep deletes the row.
CREATE TABLE "challenge_solutions" (
    "signatureHash" BYTEA NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "challenge_solutions_pkey" PRIMARY KEY ("signatureHash")
);

-- CreateIndex
CREATE INDEX "challenge_solutions_expiresAt_idx" ON "challenge_solutions"("expiresAt");
