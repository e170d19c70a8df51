import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { isAppError } from "#common/errors.ts";
import { PACK_MAX_STICKERS } from "#common/packs.ts";
import { packStickers, packs, stickers, tasks } from "#server/db/schema.ts";
import { appendToPack } from "#server/packs/append-to-pack.ts";
import { deletePack } from "#server/packs/delete-pack.ts";
import { joinMadePack } from "#server/packs/make-join.ts";
import { describeOnPostgres } from "#tests/support/engine.ts";
import { callApi, insertStickers, signInTestUser, type TestSession } from "#tests/support/stickers.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";

describeOnPostgres("one pack changed from several connections at once", () => {
  let t: TestApp;
  let owner: TestSession;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signInTestUser(t, "owner@example.com");
  }, 120_000);
  afterAll(() => closeTestApp(t));

  const ownStickers = (n: number) => insertStickers(t, owner.userId, n);

  async function newPack(stickerInstIds: string[]): Promise<{ packId: string; id: number }> {
    const answer = await callApi(t, "POST", "/api/pack/create", { body: { name: "Race", stickerInstIds }, session: owner });
    expect(answer.body.status).toBe(200);
    const [row] = await t.app.database.db.select({ id: packs.id }).from(packs).where(eq(packs.packId, answer.body.data.packId));
    return { packId: answer.body.data.packId, id: row!.id };
  }

  async function positions(packRowId: number): Promise<number[]> {
    const rows = await t.app.database.db
      .select({ position: packStickers.position })
      .from(packStickers)
      .where(eq(packStickers.packId, packRowId))
      .orderBy(asc(packStickers.position));
    return rows.map((row) => row.position);
  }

  const add = (packId: string, list: { stickerInstId: string }[]) =>
    callApi(t, "POST", "/api/pack/addStickers", {
      body: { packId, stickerInstIds: list.map((sticker) => sticker.stickerInstId) },
      session: owner,
    });

  it("two adds at once that together would pass 120: one adds all of its stickers, the other is PACK_FULL and adds none", async () => {
    const start = PACK_MAX_STICKERS - 10;
    const held = await ownStickers(start);
    const pack = await newPack(held.map((sticker) => sticker.stickerInstId));
    const [first, second] = [await ownStickers(8), await ownStickers(8)];
    const answers = await Promise.all([add(pack.packId, first), add(pack.packId, second)]);
    expect(answers.map((answer) => answer.body.status).sort()).toEqual([200, "PACK_FULL"]);
    expect(await positions(pack.id)).toEqual(Array.from({ length: start + 8 }, (_, i) => i));
  });

  it("eight adds of five at once to an empty pack: forty stickers, each at its own place 0..39", async () => {
    const pack = await newPack([]);
    const batches = await Promise.all(Array.from({ length: 8 }, () => ownStickers(5)));
    const answers = await Promise.all(batches.map((batch) => add(pack.packId, batch)));
    expect(answers.every((answer) => answer.body.status === 200)).toBe(true);
    expect(await positions(pack.id)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    // Each request's stickers stay in its own order, one run after another.
    const order = await t.app.database.db
      .select({ stickerInstId: stickers.stickerInstId })
      .from(packStickers)
      .innerJoin(stickers, eq(stickers.id, packStickers.stickerId))
      .where(eq(packStickers.packId, pack.id))
      .orderBy(asc(packStickers.position));
    const runs = Array.from({ length: 8 }, (_, i) => order.slice(i * 5, i * 5 + 5).map((row) => row.stickerInstId));
    for (const batch of batches) expect(runs).toContainEqual(batch.map((sticker) => sticker.stickerInstId));
  });

  it("appendToPack from six transactions at once on a pack three short of 120: three append at 117..119, three are PACK_FULL", async () => {
    const held = await ownStickers(PACK_MAX_STICKERS - 3);
    const pack = await newPack(held.map((sticker) => sticker.stickerInstId));
    const extra = await ownStickers(6);
    const db = t.app.database.db;
    const results = await Promise.allSettled(
      extra.map((sticker) => db.transaction((tx) => appendToPack(tx, pack.id, sticker.id, ["😊"]))),
    );
    const placed = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    const refused = results.flatMap((result) =>
      result.status === "rejected" ? [isAppError(result.reason) ? result.reason.code : result.reason] : [],
    );
    expect(placed.sort((a, b) => a - b)).toEqual([117, 118, 119]);
    expect(refused).toEqual(["PACK_FULL", "PACK_FULL", "PACK_FULL"]);
    expect(await positions(pack.id)).toEqual(Array.from({ length: PACK_MAX_STICKERS }, (_, i) => i));
  });

  it("deletes a pack while one of its moods finishes: the finishing sticker holds its task row and then the pack's lock, and neither side deadlocks", async () => {
    const db = t.app.database.db;
    const created = await callApi(t, "POST", "/api/pack/create", { body: { name: "Being made" }, session: owner });
    const pack = created.body.data as { packId: string };
    const [row] = await db.select({ id: packs.id }).from(packs).where(eq(packs.packId, pack.packId));
    const [task] = await db
      .insert(tasks)
      .values({ userId: owner.userId, type: 1, status: 1, prompt: "a cat", packId: row!.id, mood: "happy" })
      .returning({ id: tasks.id });
    const [sticker] = await ownStickers(1);

    // A task finishing as run-task's finishTask does: its task row first ...
    let finishing: Promise<void> | undefined;
    let deleting: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.update(tasks).set({ status: 2 }).where(eq(tasks.id, task!.id));
      // ... while the owner deletes the pack from another connection ...
      deleting = deletePack(db, { userId: owner.userId, packId: pack.packId }).then(
        (value) => value,
        (error: unknown) => error,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      // ... and then the pack's lock, to join it.
      finishing = joinMadePack(tx, { packId: row!.id, mood: "happy" }, sticker!.id);
      await finishing;
    });
    expect(await deleting).toEqual({ deleted: true });
    expect(await db.select().from(packs).where(eq(packs.packId, pack.packId))).toEqual([]);
    const [after] = await db.select({ packId: tasks.packId, status: tasks.status }).from(tasks).where(eq(tasks.id, task!.id));
    expect(after).toEqual({ packId: null, status: 2 });
  }, 60_000);
});
