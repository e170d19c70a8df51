import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "#common/errors.ts";
import { engineName } from "#tests/support/engine.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { pointsLedger, users } from "../db/schema.ts";
import { changePoints } from "./change-points.ts";
import { grantStartingPoints } from "./starting-points.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

async function newUser(email: string, point = 0) {
  const [row] = await t.app.database.db.insert(users).values({ email, point }).returning({ id: users.id });
  return row!.id;
}
const balanceOf = async (userId: number) =>
  (await t.app.database.db.select({ point: users.point }).from(users).where(eq(users.id, userId)))[0]?.point;
const ledgerOf = (userId: number) => t.app.database.db.select().from(pointsLedger).where(eq(pointsLedger.userId, userId));

describe(`changePoints (${engineName})`, () => {
  it("credits and debits with a ledger row holding the balance after", async () => {
    const userId = await newUser("ledger@example.com");
    expect(
      await changePoints(t.app.database.db, { userId, delta: 7, reason: "test", idempotencyKey: `t:${userId}:1` }),
    ).toMatchObject({
      applied: true,
      balance: 7,
    });
    await changePoints(t.app.database.db, { userId, delta: -3, reason: "test", idempotencyKey: `t:${userId}:2` });
    expect(await balanceOf(userId)).toBe(4);
    expect((await ledgerOf(userId)).map((r) => [r.delta, r.balanceAfter])).toEqual([
      [7, 7],
      [-3, 4],
    ]);
  });

  it("applies a key once: a repeat changes nothing and answers the current balance", async () => {
    const userId = await newUser("repeat@example.com");
    const change = { userId, delta: 5, reason: "test", idempotencyKey: `repeat:${userId}` };
    await changePoints(t.app.database.db, change);
    expect(await changePoints(t.app.database.db, change)).toMatchObject({ applied: false, balance: 5 });
    expect(await balanceOf(userId)).toBe(5);
    expect(await ledgerOf(userId)).toHaveLength(1);
  });

  it("never goes below zero: NOT_ENOUGH_POINTS and no ledger row", async () => {
    const userId = await newUser("poor@example.com", 2);
    const debit = changePoints(t.app.database.db, { userId, delta: -3, reason: "test", idempotencyKey: `poor:${userId}` });
    await expect(debit).rejects.toBeInstanceOf(AppError);
    await expect(debit).rejects.toMatchObject({ code: "NOT_ENOUGH_POINTS" });
    expect(await balanceOf(userId)).toBe(2);
    expect(await ledgerOf(userId)).toHaveLength(0);
  });

  it("grants the starting points once however many times sign-up runs", async () => {
    const userId = await newUser("starter@example.com");
    await Promise.all(Array.from({ length: 5 }, () => grantStartingPoints(t.app.database.db, userId, 10)));
    expect(await balanceOf(userId)).toBe(10);
    expect(await ledgerOf(userId)).toMatchObject([{ idempotencyKey: `signup:${userId}`, delta: 10 }]);
  });

  it("under concurrency: 20 parallel grants with one key land once", async () => {
    const userId = await newUser("parallel-grant@example.com");
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        changePoints(t.app.database.db, { userId, delta: 20, reason: "invite", idempotencyKey: `invite:${userId}:invitee` }),
      ),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(await balanceOf(userId)).toBe(20);
    expect(await ledgerOf(userId)).toHaveLength(1);
  });

  it("under concurrency: 30 parallel debits of 1 from a balance of 10 leave 0, never less", async () => {
    const userId = await newUser("parallel-debit@example.com", 10);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        changePoints(t.app.database.db, { userId, delta: -1, reason: "generate", idempotencyKey: `debit:${userId}:${i}` }),
      ),
    );
    const refused = outcomes.filter((o) => o.status === "rejected");
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(10);
    expect(refused).toHaveLength(20);
    for (const o of refused) expect((o as PromiseRejectedResult).reason).toMatchObject({ code: "NOT_ENOUGH_POINTS" });
    expect(await balanceOf(userId)).toBe(0);
    const ledger = await ledgerOf(userId);
    expect(ledger).toHaveLength(10);
    expect(Math.min(...ledger.map((r) => r.balanceAfter))).toBe(0);
  });

  it("under concurrency: mixed credits and debits add up exactly", async () => {
    const userId = await newUser("mixed@example.com", 5);
    await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        changePoints(t.app.database.db, {
          userId,
          delta: i % 2 === 0 ? 3 : -2,
          reason: "mixed",
          idempotencyKey: `mixed:${userId}:${i}`,
        }),
      ),
    );
    const ledger = await ledgerOf(userId);
    expect(await balanceOf(userId)).toBe(5 + ledger.reduce((sum, r) => sum + r.delta, 0));
    expect(ledger.every((r) => r.balanceAfter >= 0)).toBe(true);
  });
});
