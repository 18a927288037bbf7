import {
  countTryOttoRefusal,
  queueTryOttoBudgetAlert,
  reserveTryOttoBudget,
  settleTryOttoCall,
  tryOttoDay,
  tryOttoOverview,
} from "@/lib/data/try-otto";
import { getDb } from "@/lib/db";
import { insertAdmin, verifiedAdminFor } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

beforeEach(() => resetDatabase());

const DAY = "2026-03-10";
const COST = 2_000_000;
const BUDGET = 50 * COST;

async function row(day = DAY) {
  return getDb().tryOttoDay.findUniqueOrThrow({ where: { day: new Date(`${day}T00:00:00Z`) } });
}

const settle = (costNanos: number) =>
  settleTryOttoCall(DAY, {
    reservedNanos: COST,
    costNanos,
    inputTokens: 100,
    outputTokens: 50,
    newConversation: true,
    failed: false,
    offTopic: false,
    card: "quote",
  });

describe(`the live demo's daily budget (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("reserves exactly as many worst cases as the budget holds, however many ask at once", async () => {
    const results = await Promise.all(Array.from({ length: 200 }, () => reserveTryOttoBudget(DAY, COST, BUDGET)));
    expect(results.filter(Boolean)).toHaveLength(50);
    expect(await row()).toMatchObject({ reservedNanos: BigInt(BUDGET), spentNanos: BigInt(0), calls: 50 });
  });

  it("never lets spent and reserved together pass the budget while calls settle and new ones reserve", async () => {
    // Each settled call costs a quarter of its reservation, which frees room for more calls.
    const attempt = async () => {
      if (!(await reserveTryOttoBudget(DAY, COST, BUDGET))) return false;
      await settle(COST / 4);
      return true;
    };
    const results = await Promise.all(Array.from({ length: 300 }, attempt));
    const after = await row();
    expect(after.reservedNanos).toBe(BigInt(0));
    expect(Number(after.spentNanos)).toBeLessThanOrEqual(BUDGET);
    expect(after.spentNanos).toBe(BigInt((results.filter(Boolean).length * COST) / 4));
    expect(after).toMatchObject({ cardsQuote: results.filter(Boolean).length, calls: results.filter(Boolean).length });
  });

  it("settles the real cost and frees the reservation, so a cheaper call leaves room for the next", async () => {
    expect(await reserveTryOttoBudget(DAY, COST, COST)).toBe(true);
    expect(await reserveTryOttoBudget(DAY, COST, COST)).toBe(false);
    await settle(COST / 2);
    expect(await row()).toMatchObject({
      reservedNanos: BigInt(0),
      spentNanos: BigInt(COST / 2),
      inputTokens: BigInt(100),
    });
    expect(await reserveTryOttoBudget(DAY, COST / 2, COST)).toBe(true);
    expect(await reserveTryOttoBudget(DAY, 1, COST)).toBe(false);
  });

  it("refuses a call costing more than the whole budget without writing the day", async () => {
    expect(await reserveTryOttoBudget(DAY, BUDGET + 1, BUDGET)).toBe(false);
    expect(await getDb().tryOttoDay.count()).toBe(0);
  });

  it("sums the range for the owner's overview, today's spend apart, and nothing outside the range", async () => {
    const admin = await verifiedAdminFor(await insertAdmin({ email: "owner@example.com" }));
    for (const day of ["2026-03-01", "2026-03-09", DAY]) {
      await reserveTryOttoBudget(day, COST, BUDGET);
      await settleTryOttoCall(day, {
        reservedNanos: COST,
        costNanos: 1000,
        inputTokens: 10,
        outputTokens: 5,
        newConversation: true,
        failed: false,
        offTopic: false,
        card: "booking",
      });
    }
    await countTryOttoRefusal(DAY, "network");
    await countTryOttoRefusal("2026-03-09", "proof");
    const figures = await tryOttoOverview(admin, { start: "2026-03-04", today: DAY });
    expect(figures.today).toEqual({ conversations: 1, spentNanos: 1000, reservedNanos: 0 });
    expect(figures.range).toMatchObject({
      conversations: 2,
      calls: 2,
      spentNanos: 2000,
      refusals: { proof: 1, network: 1, budget: 0 },
      cards: { booking: 2, quote: 0 },
    });
    expect((await tryOttoOverview(admin, { start: null, today: DAY })).range.conversations).toBe(3);
  });

  it("queues the 80% alert to each active full admin, once a day, and not below 80%", async () => {
    await insertAdmin({ email: "owner@example.com" });
    await insertAdmin({ email: "viewer@example.com", role: "viewer" });
    await reserveTryOttoBudget(DAY, COST, BUDGET);
    await settle(Math.floor(BUDGET * 0.79));
    expect(await queueTryOttoBudgetAlert(DAY, BUDGET)).toEqual([]);
    await reserveTryOttoBudget(DAY, COST, BUDGET);
    await settle(Math.ceil(BUDGET * 0.01));
    const [first, second] = await Promise.all([
      queueTryOttoBudgetAlert(DAY, BUDGET),
      queueTryOttoBudgetAlert(DAY, BUDGET),
    ]);
    expect([...first!, ...second!]).toHaveLength(1);
    const outbox = await getDb().emailOutbox.findMany({ where: { kind: "try-otto-budget" } });
    expect(outbox.map((row) => row.to)).toEqual(["owner@example.com"]);
    expect(outbox[0]!.payload).toEqual({ day: DAY, spent: "$0.08", budget: "$0.10" });
    expect(await queueTryOttoBudgetAlert(DAY, BUDGET)).toEqual([]);
  });

  it("keys each UTC day", () => {
    expect(tryOttoDay(new Date("2026-03-10T23:59:59Z"))).toBe("2026-03-10");
    expect(tryOttoDay(new Date("2026-03-11T00:00:00Z"))).toBe("2026-03-11");
  });
});
