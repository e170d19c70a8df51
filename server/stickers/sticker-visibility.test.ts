import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VISIBILITY_CHANGES_PER_MINUTE } from "#common/stickers.ts";
import { describeOnPostgres, onPostgres } from "#tests/support/engine.ts";
import { callApi, createGalleryTestApp, signInTestUser } from "#tests/support/stickers.ts";
import { closeTestApp, type TestApp } from "#tests/support/test-app.ts";
import type { Db } from "../db/client.ts";
import * as schema from "../db/schema.ts";
import { stickers } from "../db/schema.ts";
import { onPagesChanged, PAGES_CHANGED_CHANNEL } from "../pages/page-changes.ts";
import { setStickerVisibility } from "./own-stickers.ts";

/**
 * Making a sticker private and telling every process to drop its shared pages happen in one
 * transaction (decision 0021): NOTIFY is transactional, so the change is never applied unannounced
 * and never announced without being applied.
 */
let t: TestApp;
let ownerId: number;

beforeAll(async () => {
  t = await createGalleryTestApp(3);
  ownerId = (await signInTestUser(t, "owner@example.com")).userId;
}, 120_000);
afterAll(() => closeTestApp(t));

/** One more public sticker of the owner, made from a gallery picture. */
async function ownPublicSticker(stickerInstId: string): Promise<void> {
  const db = t.app.database.db;
  await db.execute(sql`
    insert into stickers (sticker_inst_id, pic_id, owner_id, visibility, hot_score)
    values (${stickerInstId}, (select pic_id from stickers limit 1), ${ownerId}, 'public', 0)`);
}

async function visibilityOf(stickerInstId: string) {
  const [row] = await t.app.database.db
    .select({ visibility: stickers.visibility })
    .from(stickers)
    .where(eq(stickers.stickerInstId, stickerInstId));
  return row?.visibility;
}

/**
 * A connection to the test database on which `pg_notify` fails, as when PostgreSQL's notification
 * queue is full: a function of that name in `public` comes first on its search path. On PGlite (one
 * session) it is the app's own connection, given back as it was by `restore`.
 */
async function databaseWhoseNotifyFails(): Promise<{ db: Db; restore(): Promise<void> }> {
  const db = t.app.database.db;
  await db.execute(sql`
    create or replace function public.pg_notify(channel text, payload text) returns void language plpgsql
    as $$ begin raise exception 'too many notifications in the NOTIFY queue'; end $$`);
  if (!onPostgres) {
    await db.execute(sql`set search_path = public, pg_catalog`);
    return {
      db,
      async restore() {
        await db.execute(sql`reset search_path`);
        await db.execute(sql`drop function public.pg_notify(text, text)`);
      },
    };
  }
  const pool = new pg.Pool({ connectionString: t.app.config.DATABASE_URL, options: "-c search_path=public,pg_catalog", max: 2 });
  return {
    db: drizzle(pool, { schema }),
    async restore() {
      await pool.end();
      await db.execute(sql`drop function public.pg_notify(text, text)`);
    },
  };
}

describe("a sticker made private (decision 0021)", () => {
  it("stays public, drops nothing and the call fails when its notification cannot be queued; made private again with a working notification it is private and this process drops its pages", async () => {
    await ownPublicSticker("visibility-notify-fails");
    const failing = await databaseWhoseNotifyFails();
    let droppedThroughFailing = 0;
    const stopFailing = onPagesChanged({ db: failing.db, pool: null }, () => {
      droppedThroughFailing += 1;
    });
    try {
      await expect(
        setStickerVisibility(failing.db, { userId: ownerId, stickerInstId: "visibility-notify-fails", visibility: "private" }),
      ).rejects.toMatchObject({ cause: { message: "too many notifications in the NOTIFY queue" } });
      expect(await visibilityOf("visibility-notify-fails")).toBe("public");
      expect(droppedThroughFailing).toBe(0);
    } finally {
      stopFailing();
      await failing.restore();
    }

    let dropped = 0;
    const stop = onPagesChanged({ db: t.app.database.db, pool: null }, () => {
      dropped += 1;
    });
    try {
      expect(
        await setStickerVisibility(t.app.database.db, {
          userId: ownerId,
          stickerInstId: "visibility-notify-fails",
          visibility: "private",
        }),
      ).toEqual({ stickerInstId: "visibility-notify-fails", visibility: "private" });
      expect(await visibilityOf("visibility-notify-fails")).toBe("private");
      expect(dropped).toBe(1);
    } finally {
      stop();
    }
  });
});

describeOnPostgres("the notification of a sticker made private", () => {
  it("reaches another connection's LISTEN, and the sticker is private when it arrives", async () => {
    await ownPublicSticker("visibility-notified");
    const listener = new pg.Client({ connectionString: t.app.config.DATABASE_URL });
    await listener.connect();
    try {
      await listener.query(`listen ${PAGES_CHANGED_CHANNEL}`);
      const seen = new Promise<string | undefined>((resolve) => {
        listener.once("notification", () => {
          listener
            .query("select visibility from stickers where sticker_inst_id = 'visibility-notified'")
            .then((result) => resolve(result.rows[0]?.visibility));
        });
      });
      await setStickerVisibility(t.app.database.db, {
        userId: ownerId,
        stickerInstId: "visibility-notified",
        visibility: "private",
      });
      expect(await seen).toBe("private");
    } finally {
      await listener.end();
    }
  });
});

describe("visibility changes per user (decision 0021)", () => {
  it(`takes ${VISIBILITY_CHANGES_PER_MINUTE} changes a minute from one user, refuses the next with RATE_LIMITED and leaves the sticker as it was; another user is not held up`, async () => {
    const toggler = await signInTestUser(t, "toggler@example.com");
    await ownPublicSticker("visibility-toggled");
    await t.app.database.db
      .update(stickers)
      .set({ ownerId: toggler.userId })
      .where(eq(stickers.stickerInstId, "visibility-toggled"));
    let visibility: "public" | "private" = "public";
    for (let change = 1; change <= VISIBILITY_CHANGES_PER_MINUTE; change += 1) {
      visibility = visibility === "public" ? "private" : "public";
      const answer = await callApi(t, "POST", "/api/sticker/setVisibility", {
        body: { stickerInstId: "visibility-toggled", visibility },
        session: toggler,
      });
      expect(answer.body).toMatchObject({ status: 200, data: { visibility } });
    }
    const refused = await callApi(t, "POST", "/api/sticker/setVisibility", {
      body: { stickerInstId: "visibility-toggled", visibility: visibility === "public" ? "private" : "public" },
      session: toggler,
    });
    expect(refused.http).toBe(429);
    expect(refused.body).toMatchObject({ status: "RATE_LIMITED", data: null });
    expect(await visibilityOf("visibility-toggled")).toBe(visibility);
    const other = await signInTestUser(t, "not-toggling@example.com");
    await ownPublicSticker("visibility-other");
    await t.app.database.db.update(stickers).set({ ownerId: other.userId }).where(eq(stickers.stickerInstId, "visibility-other"));
    const allowed = await callApi(t, "POST", "/api/sticker/setVisibility", {
      body: { stickerInstId: "visibility-other", visibility: "private" },
      session: other,
    });
    expect(allowed.body).toMatchObject({ status: 200, data: { visibility: "private" } });
  });
});
