import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeOnPostgres } from "#tests/support/engine.ts";
import { createGalleryTestApp } from "#tests/support/stickers.ts";
import { closeTestApp, type TestApp } from "#tests/support/test-app.ts";
import {
  anchoredListCount,
  type ListQuery,
  listStickersByTag,
  MAX_ANCHORED_LISTS,
  type PageAnchorOptions,
  REFRESH_RETRY_AFTER_MS,
  REFRESH_TIMEOUT_MS,
  settlePageAnchors,
} from "./list-stickers-by-tag.ts";

/**
 * Deep pages and large totals through page anchors (decision 0022), on a list big enough for many
 * anchors when every 50th key is one. Runs on the engine of the run (PGlite, or PostgreSQL under
 * `npm run test:postgres`).
 */
const ADDED = 3000;
let t: TestApp;

beforeAll(async () => {
  t = await createGalleryTestApp(3);
  // 3,000 stickers on one stored picture: favourites in a few values and creation times in bursts so
  // hot scores tie (the sticker id breaks ties); every 3rd is in explore (tag 2), every 11th is private.
  await t.app.database.db.execute(sql`
    insert into stickers (sticker_inst_id, pic_id, name, prompt, visibility, favorite_count, hot_score, created_at)
    select 'anchor' || n, (select pic_id from stickers limit 1), 'sticker ' || n, 'sticker ' || n,
           case when n % 11 = 0 then 'private' else 'public' end, (n * 7919) % 13,
           log(greatest((n * 7919) % 13, 1)::double precision) + (1767000000 + (n / 40) * 600)::double precision / 45000,
           to_timestamp(1767000000 + (n / 40) * 600)
    from generate_series(1, ${ADDED}) as n`);
  await t.app.database.db.execute(sql`
    insert into sticker_tags (sticker_id, tag_id)
    select id, 1 from stickers where sticker_inst_id like 'anchor%'
    union all
    select id, 2 from stickers where sticker_inst_id like 'anchor%' and substr(sticker_inst_id, 7)::int % 3 = 0`);
}, 180_000);
afterAll(() => closeTestApp(t));

/** The list's whole order by the plain query (ORDER BY … OFFSET 0), as sticker ids. */
async function plainOrder(tagId: number, popular: boolean): Promise<string[]> {
  const order = popular ? sql`st.hot_score desc, st.sticker_id desc` : sql`st.sticker_id desc`;
  const result = await t.app.database.db.execute(sql`
    select s.sticker_inst_id from sticker_tags st join stickers s on s.id = st.sticker_id
    where st.tag_id = ${tagId} and st.is_public order by ${order}`);
  return (result.rows as { sticker_inst_id: string }[]).map((row) => row.sticker_inst_id);
}

function clock(start = 1_000_000) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const LISTS = [
  { name: "latest", tagId: 1, sortBy: "id" as const, popular: false },
  { name: "popular", tagId: 1, sortBy: "popular" as const, popular: true },
  { name: "explore", tagId: 2, sortBy: undefined, popular: false },
];

async function pageIds(query: ListQuery, options: PageAnchorOptions) {
  const page = await listStickersByTag(t.app.database.db, query, options);
  return { ids: page.list.map((item) => item.stickerInstId), total: page.total };
}

describe("page anchors (decision 0022)", () => {
  it("lists exactly the ids of the plain OFFSET query at every depth on a fresh snapshot: latest, popular and explore", async () => {
    const options: PageAnchorOptions = { anchorEvery: 50, exactTotalUpTo: 100, anchorTtlMs: 60_000, now: clock().now };
    for (const list of LISTS) {
      const all = await plainOrder(list.tagId, list.popular);
      expect(all.length).toBeGreaterThan(500);
      for (const size of [24, 7, 100]) {
        const last = Math.ceil(all.length / size);
        for (const page of [1, 2, 3, 4, 5, 9, 10, 17, 33, 57, Math.floor(last / 2), last - 1, last]) {
          const got = await pageIds({ tagId: list.tagId, sortBy: list.sortBy, page, size }, options);
          const offset = (page - 1) * size;
          expect(got.ids, `${list.name} page ${page} size ${size}`).toEqual(all.slice(offset, offset + size));
          expect(got.total).toBe(all.length);
        }
      }
    }
  });

  it("keeps anchor slots for at most MAX_ANCHORED_LISTS lists however many tag ids are asked for", async () => {
    const db = t.app.database.db;
    for (let tagId = 1_000; tagId < 1_000 + MAX_ANCHORED_LISTS + 50; tagId += 1) {
      await listStickersByTag(db, { tagId, page: 1, size: 24 });
    }
    expect(MAX_ANCHORED_LISTS).toBe(256);
    expect(anchoredListCount(db)).toBe(MAX_ANCHORED_LISTS);
  });

  it("answers a page past the end with an empty list and the total", async () => {
    const options: PageAnchorOptions = { anchorEvery: 60, exactTotalUpTo: 100, anchorTtlMs: 60_000, now: clock().now };
    for (const list of LISTS) {
      const all = await plainOrder(list.tagId, list.popular);
      for (const page of [Math.ceil(all.length / 24) + 1, 5000]) {
        expect(await pageIds({ tagId: list.tagId, sortBy: list.sortBy, page, size: 24 }, options)).toEqual({
          ids: [],
          total: all.length,
        });
      }
    }
  });

  it("counts a list exactly while it is below the threshold, and answers the snapshot's count above it until the anchors refresh after their TTL", async () => {
    const time = clock();
    const small: PageAnchorOptions = { anchorEvery: 70, exactTotalUpTo: 10_000, anchorTtlMs: 60_000, now: time.now };
    const large: PageAnchorOptions = { anchorEvery: 80, exactTotalUpTo: 100, anchorTtlMs: 60_000, now: time.now };
    const latest = { tagId: 1, sortBy: "id" as const, size: 24 };
    const before = (await plainOrder(1, false)).length;
    const deepPage = 40;
    const deepBefore = await pageIds({ ...latest, page: deepPage }, large);
    expect((await pageIds({ ...latest, page: 1 }, small)).total).toBe(before);
    expect(deepBefore.total).toBe(before);

    await addPublicStickers(3);
    const after = await plainOrder(1, false);
    expect(after.length).toBe(before + 3);
    // Below the threshold: exact at once, on a shallow and on a deep page.
    expect((await pageIds({ ...latest, page: 1 }, small)).total).toBe(after.length);
    expect((await pageIds({ ...latest, page: deepPage }, small)).total).toBe(after.length);
    // Above it: the snapshot's count, and the deep page keeps the snapshot's positions, until the TTL.
    const stale = await pageIds({ ...latest, page: deepPage }, large);
    expect(stale).toEqual(deepBefore);

    time.advance(60_000);
    // The stale snapshot still answers the call that notices its age; a refresh runs in the background.
    await pageIds({ ...latest, page: deepPage }, large);
    await settlePageAnchors(t.app.database.db);
    const fresh = await pageIds({ ...latest, page: deepPage }, large);
    expect(fresh.total).toBe(after.length);
    expect(fresh.ids).toEqual(after.slice((deepPage - 1) * 24, deepPage * 24));
  });

  it("keeps shallow pages (above the first anchor) exact right after inserts, while deeper pages answer from the snapshot", async () => {
    const options: PageAnchorOptions = { anchorEvery: 90, exactTotalUpTo: 100, anchorTtlMs: 60_000, now: clock().now };
    const popular = { tagId: 1, sortBy: "popular" as const, size: 24 };
    const deepBefore = await pageIds({ ...popular, page: 30 }, options);
    await addPublicStickers(2, 1_000_000);
    const all = await plainOrder(1, true);
    for (const page of [1, 2, 3]) {
      expect((await pageIds({ ...popular, page }, options)).ids, `page ${page}`).toEqual(all.slice((page - 1) * 24, page * 24));
    }
    expect((await pageIds({ ...popular, page: 30 }, options)).ids).toEqual(deepBefore.ids);
  });
});

/**
 * A hanging anchor scan (here: waiting on a lock another connection holds on sticker_tags) is ended by
 * its statement timeout. PGlite has no timer to enforce statement_timeout, and one connection, so
 * nothing can hold a lock against it.
 */
describeOnPostgres("a page-anchor refresh that hangs (decision 0022)", () => {
  /** Holds an ACCESS EXCLUSIVE lock on sticker_tags from its own connection until `release`. */
  async function lockStickerTags() {
    const locker = new pg.Client({ connectionString: t.app.config.DATABASE_URL });
    await locker.connect();
    await locker.query("begin");
    await locker.query("lock table sticker_tags in access exclusive mode");
    return {
      async release() {
        await locker.query("rollback");
        await locker.end();
      },
    };
  }

  it("uses a 30 s statement timeout and waits 30 s after a failure by default", () => {
    expect(REFRESH_TIMEOUT_MS).toBe(30_000);
    expect(REFRESH_RETRY_AFTER_MS).toBe(30_000);
  });

  it("gives up a background refresh at its statement timeout, frees the list's one refresh, keeps answering from the old snapshot, and refreshes again once refreshRetryAfterMs have passed", async () => {
    const db = t.app.database.db;
    const time = clock();
    const options: PageAnchorOptions = {
      anchorEvery: 110,
      exactTotalUpTo: 100,
      anchorTtlMs: 60_000,
      refreshTimeoutMs: 300,
      refreshRetryAfterMs: 30_000,
      now: time.now,
    };
    const deep = { tagId: 1, sortBy: "id" as const, size: 24, page: 40 };
    const before = await pageIds(deep, options);
    await addPublicStickers(1);
    const after = await plainOrder(1, false);
    expect(after.length).toBe(before.total + 1);

    time.advance(60_000);
    const lock = await lockStickerTags();
    // This call notices the snapshot's age and starts the refresh, which waits on the lock; the call's
    // own page read waits on it too, until the lock is released.
    const answering = pageIds(deep, options);
    await settlePageAnchors(db);
    await lock.release();
    expect(await answering).toEqual(before);

    // Before refreshRetryAfterMs: the stale snapshot answers and no scan is started.
    time.advance(29_999);
    expect(await pageIds(deep, options)).toEqual(before);
    await settlePageAnchors(db);
    expect(await pageIds(deep, options)).toEqual(before);

    // After it: the first call starts a refresh (the slot is free), which now succeeds.
    time.advance(1);
    await pageIds(deep, options);
    await settlePageAnchors(db);
    const fresh = await pageIds(deep, options);
    expect(fresh.total).toBe(after.length);
    expect(fresh.ids).toEqual(after.slice((deep.page - 1) * 24, deep.page * 24));
  });

  it("fails a deep call whose first scan hangs past the statement timeout, and the next deep call scans again and answers", async () => {
    const options: PageAnchorOptions = {
      anchorEvery: 120,
      exactTotalUpTo: 100,
      anchorTtlMs: 60_000,
      refreshTimeoutMs: 300,
      now: clock().now,
    };
    const deep = { tagId: 1, sortBy: "popular" as const, size: 24, page: 30 };
    const lock = await lockStickerTags();
    try {
      // 57014 query_canceled: "canceling statement due to statement timeout".
      await expect(pageIds(deep, options)).rejects.toMatchObject({
        cause: { code: "57014", message: expect.stringMatching(/statement timeout/) },
      });
    } finally {
      await lock.release();
    }
    const all = await plainOrder(1, true);
    expect(await pageIds(deep, options)).toEqual({ ids: all.slice(29 * 24, 30 * 24), total: all.length });
  });
});

let added = 0;
/** New public stickers in tag 1, newest of all and (with many favourites) at the top of popular. */
async function addPublicStickers(count: number, favorites = 0) {
  const db = t.app.database.db;
  for (let i = 0; i < count; i++) {
    added += 1;
    const createdAt = new Date();
    const score = Math.log10(Math.max(favorites, 1)) + createdAt.getTime() / 1000 / 45_000;
    await db.execute(sql`
      with s as (
        insert into stickers (sticker_inst_id, pic_id, visibility, favorite_count, hot_score, created_at)
        values (${`added${added}`}, (select pic_id from stickers limit 1), 'public', ${favorites}, ${score}, ${createdAt})
        returning id)
      insert into sticker_tags (sticker_id, tag_id) select id, 1 from s`);
  }
}
