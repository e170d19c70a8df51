/**
 * Someone else's private thing answers exactly as a thing that does not exist (decision 0033): for
 * every call, file route and page that takes an id, the answer to an unknown id and to another user's
 * private (or hidden) one is compared — status, error code and body, with the id itself left out —
 * for a visitor and for another signed-in user. A difference would tell them the id exists.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageContext } from "#app/context.server.ts";
import { loader as packPage } from "#app/routes/pack.tsx";
import { loader as rechargeSuccessPage } from "#app/routes/recharge-success.tsx";
import { loader as sandboxCheckoutPage } from "#app/routes/sandbox-checkout.tsx";
import { loader as sandboxPortalPage } from "#app/routes/sandbox-portal.tsx";
import { loader as stickerPage } from "#app/routes/sticker.tsx";
import { POINT_PACKS } from "#common/plans.ts";
import { packs, stickers, tasks, users } from "#server/db/schema.ts";
import { sessionCookieName } from "#server/sessions/session-cookie.ts";
import { hotScore } from "#server/stickers/hot-score.ts";
import { callApi, signInTestUser, storedPicture, type TestSession } from "#tests/support/stickers.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
/** The owner of every private thing below. */
let alice: TestSession;
/** Another signed-in user, who owns a pack and a sticker of their own to aim the calls with. */
let bob: TestSession;

/** One id of each kind: the unknown one and alice's that only she may see. */
const ids = {
  sticker: { unknown: "noSuchSticker0001", private: "" },
  hiddenSticker: { unknown: "noSuchSticker0002", private: "" },
  picture: { unknown: randomBytes(16).toString("hex"), private: "" },
  upload: { unknown: `upload-${randomBytes(20).toString("hex")}.png`, private: "" },
  avatar: { unknown: `avatar-${randomBytes(20).toString("hex")}.webp`, private: "" },
  pack: { unknown: "noSuchPack0001", private: "" },
  /** A public pack of alice's: its watermark-free originals are hers only. */
  publicPack: { unknown: "noSuchPack0002", private: "" },
  task: { unknown: "987654321", private: "" },
  uploadId: { unknown: "noSuchUploadId000001", private: "aliceUploadId0000001" },
  /** The upload id of the photo alice's private pack was made from. */
  packUploadId: { unknown: "noSuchUploadId000002", private: "alicePackUpload00001" },
  checkout: { unknown: "cs_sandbox_nosuchcheckout0001", private: "" },
  portal: { unknown: "bps_sandbox_nosuchportal0001", private: "" },
};
type IdKind = keyof typeof ids;

let bobsPack = "";
let bobsSticker = "";

async function stickerOf(ownerId: number, o: { visibility: "public" | "private"; hidden?: boolean; shade: number }) {
  const picId = await storedPicture(t, o.shade);
  const db = t.app.database.db;
  const stickerInstId = `pv${randomBytes(6).toString("hex")}`;
  const now = new Date();
  await db.insert(stickers).values({
    stickerInstId,
    picId,
    name: "a secret cat",
    prompt: "a secret cat",
    ownerId,
    visibility: o.visibility,
    favoriteCount: 3,
    hotScore: hotScore(3, now),
    createdAt: now,
    ...(o.hidden ? { hiddenAt: now, hiddenReason: "moderator" as const } : {}),
  });
  return { stickerInstId, picId };
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await signInTestUser(t, "alice-private@example.com");
  bob = await signInTestUser(t, "bob-curious@example.com");
  const db = t.app.database.db;

  const secret = await stickerOf(alice.userId, { visibility: "private", shade: 10 });
  ids.sticker.private = secret.stickerInstId;
  ids.picture.private = secret.picId;
  ids.hiddenSticker.private = (await stickerOf(alice.userId, { visibility: "public", hidden: true, shade: 20 })).stickerInstId;
  const shown = await stickerOf(alice.userId, { visibility: "public", shade: 30 });
  bobsSticker = (await stickerOf(bob.userId, { visibility: "public", shade: 40 })).stickerInstId;

  // An uploaded photo and the task it started, and an avatar: alice's alone.
  ids.upload.private = `upload-${randomBytes(20).toString("hex")}.png`;
  const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 180, b: 150 } } })
    .png()
    .toBuffer();
  await t.app.storage.put(ids.upload.private, photo, "image/png");
  const [task] = await db
    .insert(tasks)
    .values({
      userId: alice.userId,
      type: 2,
      prompt: "",
      cost: 0,
      inputKey: ids.upload.private,
      clientUploadId: ids.uploadId.private,
    })
    .returning({ id: tasks.id });
  ids.task.private = String(task!.id);
  ids.avatar.private = `avatar-${randomBytes(20).toString("hex")}.webp`;
  await t.app.storage.put(ids.avatar.private, Buffer.from("RIFF0000WEBP"), "image/webp");
  await db
    .update(users)
    .set({ avatarPath: `/files/${ids.avatar.private}` })
    .where(eq(users.id, alice.userId));

  // A private pack and a public one, each holding stickers alice sees.
  const pack = async (visibility: "public" | "private", owner: TestSession, stickerInstIds: string[]) => {
    const made = await callApi(t, "POST", "/api/pack/create", {
      session: owner,
      body: { name: "My pack", visibility, stickerInstIds },
    });
    if (made.http !== 200) throw new Error(`pack not made: ${JSON.stringify(made.body)}`);
    return made;
  };
  ids.pack.private = (await pack("private", alice, [secret.stickerInstId, shown.stickerInstId])).body.data.packId;
  ids.publicPack.private = (await pack("public", alice, [shown.stickerInstId, secret.stickerInstId])).body.data.packId;
  bobsPack = (await pack("private", bob, [bobsSticker])).body.data.packId;
  await db.update(packs).set({ clientUploadId: ids.packUploadId.private }).where(eq(packs.packId, ids.pack.private));

  // A checkout of alice's (a point pack), and — after a paid plan — her billing portal.
  const bought = await callApi(t, "POST", "/api/recharge", { session: alice, body: { packId: POINT_PACKS[0]?.id } });
  ids.checkout.private = new URL(bought.body.data).pathname.split("/").pop() as string;
  const chosen = await callApi(t, "POST", "/api/subscribe", { session: alice, body: { plan: 2 } });
  await t.app.billing.sandbox!.pay(new URL(chosen.body.data).pathname.split("/").pop() as string);
  const portal = await callApi(t, "POST", "/api/billingportal", { session: alice, body: {} });
  ids.portal.private = new URL(portal.body.data).pathname.split("/").pop() as string;
}, 120_000);

afterAll(async () => {
  await t.app.billing.sandbox?.drain();
  await closeTestApp(t);
});

/** What an answer says, with the id asked about replaced, so two ids compare by everything else. */
type Outcome = { http: number; code: unknown; body: unknown; location?: string | null; cacheControl?: string | null };

function withoutId(value: unknown, id: string): unknown {
  return JSON.parse(JSON.stringify(value ?? null).replaceAll(id, "<id>"));
}

type Asker = "visitor" | "bob";
const sessionOf = (asker: Asker) => (asker === "bob" ? bob : undefined);

function api(method: "GET" | "POST", path: string, input: (id: string) => Record<string, unknown>) {
  return async (id: string, asker: Asker): Promise<Outcome> => {
    const session = sessionOf(asker);
    const answer = await callApi(t, method, path, {
      ...(method === "GET" ? { params: input(id) as Record<string, string> } : { body: input(id) }),
      ...(session ? { session } : {}),
    });
    return { http: answer.http, code: answer.body.status, body: withoutId(answer.body, id) };
  };
}

function file(path: (id: string) => string) {
  return async (id: string, asker: Asker): Promise<Outcome> => {
    const session = sessionOf(asker);
    const headers: Record<string, string> = session ? { Cookie: `${sessionCookieName(t.app.config)}=${session.token}` } : {};
    const response = await t.server.request(`http://localhost${path(id)}`, { headers });
    const text = await response.text();
    const body = response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text.length;
    return {
      http: response.status,
      code: (body as { status?: unknown }).status ?? null,
      body: withoutId(body, id),
      cacheControl: response.headers.get("cache-control"),
    };
  };
}

type Loader = (args: { params: Record<string, string>; request: Request; context: RouterContextProvider }) => Promise<unknown>;

function page(load: Loader, path: (id: string) => string, params: (id: string) => Record<string, string>) {
  return async (id: string, asker: Asker): Promise<Outcome> => {
    const session = sessionOf(asker);
    const context = new RouterContextProvider();
    context.set(pageContext, { app: t.app, nonce: "", requestId: "private-ids-test", localStandIns: true });
    const headers: Record<string, string> = session ? { Cookie: `${sessionCookieName(t.app.config)}=${session.token}` } : {};
    const request = new Request(`http://localhost${path(id)}`, { headers });
    try {
      const data = await load({ params: params(id), request, context });
      return { http: 200, code: null, body: withoutId(data, id) };
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      return {
        http: thrown.status,
        code: null,
        body: withoutId(await thrown.text(), id),
        location: thrown.headers.get("location"),
      };
    }
  };
}

const reason = "spam";
/** Every call, file route and page that takes an id someone else may own, by the kind of id it takes. */
const CASES: { name: string; kind: IdKind; askers: Asker[]; ask: (id: string, asker: Asker) => Promise<Outcome> }[] = [
  // Stickers (private, and hidden by moderation).
  ...(["sticker", "hiddenSticker"] as const).flatMap((kind) => [
    {
      name: "GET /api/sticker/get",
      kind,
      askers: ["visitor", "bob"] as Asker[],
      ask: api("GET", "/api/sticker/get", (id) => ({ stickerInstId: id })),
    },
    {
      name: "GET /api/sticker/recommendation",
      kind,
      askers: ["visitor", "bob"] as Asker[],
      ask: api("GET", "/api/sticker/recommendation", (id) => ({ stickerInstId: id })),
    },
    {
      name: "POST /api/sticker/setVisibility",
      kind,
      askers: ["bob"] as Asker[],
      ask: api("POST", "/api/sticker/setVisibility", (id) => ({ stickerInstId: id, visibility: "public" })),
    },
    {
      name: "POST /api/sticker/setLabels",
      kind,
      askers: ["bob"] as Asker[],
      ask: api("POST", "/api/sticker/setLabels", (id) => ({ stickerInstId: id, emoji: ["😀"], keywords: null, altText: null })),
    },
    {
      name: "POST /api/favorite (add)",
      kind,
      askers: ["bob"] as Asker[],
      ask: api("POST", "/api/favorite", (id) => ({ stickerInstId: id })),
    },
    {
      name: "POST /api/favorite (remove)",
      kind,
      askers: ["bob"] as Asker[],
      ask: api("POST", "/api/favorite", (id) => ({ stickerInstId: id, action: "remove" })),
    },
    {
      name: "GET /api/favorite/status",
      kind,
      askers: ["bob"] as Asker[],
      ask: api("GET", "/api/favorite/status", (id) => ({ stickerInstIds: id })),
    },
    {
      name: "POST /api/sticker/report",
      kind,
      askers: ["bob"] as Asker[],
      ask: api("POST", "/api/sticker/report", (id) => ({ stickerInstId: id, reason })),
    },
    {
      name: "GET /api/pack/forSticker",
      kind,
      askers: ["bob"] as Asker[],
      ask: api("GET", "/api/pack/forSticker", (id) => ({ stickerInstId: id })),
    },
    {
      name: "POST /api/pack/create (with the sticker)",
      kind,
      askers: ["bob"] as Asker[],
      ask: api("POST", "/api/pack/create", (id) => ({ name: "Bob's", stickerInstIds: [id] })),
    },
    {
      name: "POST /api/pack/addStickers (into bob's pack)",
      kind,
      askers: ["bob"] as Asker[],
      ask: api("POST", "/api/pack/addStickers", (id) => ({ packId: bobsPack, stickerInstIds: [id] })),
    },
    {
      name: "POST /api/pack/removeSticker (from bob's pack)",
      kind,
      askers: ["bob"] as Asker[],
      ask: api("POST", "/api/pack/removeSticker", (id) => ({ packId: bobsPack, stickerInstId: id })),
    },
    {
      name: "POST /api/pack/setEmoji (in bob's pack)",
      kind,
      askers: ["bob"] as Asker[],
      ask: api("POST", "/api/pack/setEmoji", (id) => ({ packId: bobsPack, stickerInstId: id, emoji: ["😀"] })),
    },
    {
      name: "POST /api/pack/update (cover of bob's pack)",
      kind,
      askers: ["bob"] as Asker[],
      ask: api("POST", "/api/pack/update", (id) => ({ packId: bobsPack, coverStickerInstId: id })),
    },
    ...["hide", "restore", "pick", "unpick"].map((action) => ({
      name: `POST /api/admin/${action} (not staff)`,
      kind,
      askers: ["bob"] as Asker[],
      ask: api("POST", `/api/admin/${action}`, (id) => ({ stickerInstId: id })),
    })),
    {
      name: "GET /files/card/sticker/{id}/{hash}.jpg",
      kind,
      askers: ["visitor", "bob"] as Asker[],
      ask: file((id) => `/files/card/sticker/${id}/0123456789abcdef.jpg`),
    },
    {
      name: "page /sticker/{id}",
      kind,
      askers: ["visitor", "bob"] as Asker[],
      ask: page(
        stickerPage as unknown as Loader,
        (id) => `/sticker/${id}`,
        (id) => ({ instId: id }),
      ),
    },
  ]),
  // A private sticker's picture and what is made from it.
  ...["", "-256.webp", "-160.webp"].map((suffix) => ({
    name: `GET /files/{picId}${suffix || ".png"}`,
    kind: "picture" as const,
    askers: ["visitor", "bob"] as Asker[],
    ask: file((id) => `/files/${id}${suffix || ".png"}`),
  })),
  {
    name: "GET /files/download/{picId}",
    kind: "picture",
    askers: ["visitor", "bob"],
    ask: file((id) => `/files/download/${id}`),
  },
  ...["telegram.png", "telegram.webp", "whatsapp.webp", "nope.gif"].map((target) => ({
    name: `GET /files/export/{picId}/${target}`,
    kind: "picture" as const,
    askers: ["visitor", "bob"] as Asker[],
    ask: file((id) => `/files/export/${id}/${target}`),
  })),
  {
    name: "GET /api/sticker/listByPics",
    kind: "picture",
    askers: ["visitor", "bob"],
    ask: api("GET", "/api/sticker/listByPics", (id) => ({ picIds: id })),
  },
  { name: "GET /files/upload-….png", kind: "upload", askers: ["visitor", "bob"], ask: file((id) => `/files/${id}`) },
  { name: "GET /files/avatar-….webp", kind: "avatar", askers: ["visitor", "bob"], ask: file((id) => `/files/${id}`) },
  // Packs.
  {
    name: "GET /api/pack/get",
    kind: "pack",
    askers: ["visitor", "bob"],
    ask: api("GET", "/api/pack/get", (id) => ({ packId: id })),
  },
  {
    name: "POST /api/pack/update",
    kind: "pack",
    askers: ["bob"],
    ask: api("POST", "/api/pack/update", (id) => ({ packId: id, name: "Mine now" })),
  },
  {
    name: "POST /api/pack/delete",
    kind: "pack",
    askers: ["bob"],
    ask: api("POST", "/api/pack/delete", (id) => ({ packId: id })),
  },
  {
    name: "POST /api/pack/addStickers",
    kind: "pack",
    askers: ["bob"],
    ask: api("POST", "/api/pack/addStickers", (id) => ({ packId: id, stickerInstIds: [bobsSticker] })),
  },
  {
    name: "POST /api/pack/removeSticker",
    kind: "pack",
    askers: ["bob"],
    ask: api("POST", "/api/pack/removeSticker", (id) => ({ packId: id, stickerInstId: bobsSticker })),
  },
  {
    name: "POST /api/pack/reorder",
    kind: "pack",
    askers: ["bob"],
    ask: api("POST", "/api/pack/reorder", (id) => ({ packId: id, stickerInstIds: [] })),
  },
  {
    name: "POST /api/pack/setEmoji",
    kind: "pack",
    askers: ["bob"],
    ask: api("POST", "/api/pack/setEmoji", (id) => ({ packId: id, stickerInstId: bobsSticker, emoji: ["😀"] })),
  },
  {
    name: "GET /api/pack/progress",
    kind: "pack",
    askers: ["bob"],
    ask: api("GET", "/api/pack/progress", (id) => ({ packId: id })),
  },
  ...["whatsapp", "telegram", "originals"].map((target) => ({
    name: `GET /files/pack/{packId}/${target}`,
    kind: "pack" as const,
    askers: ["visitor", "bob"] as Asker[],
    ask: file((id) => `/files/pack/${id}/${target}`),
  })),
  {
    name: "GET /files/card/pack/{packId}/{hash}.jpg",
    kind: "pack",
    askers: ["visitor", "bob"],
    ask: file((id) => `/files/card/pack/${id}/0123456789abcdef.jpg`),
  },
  {
    name: "GET /files/pack/{packId}/originals of a public pack",
    kind: "publicPack",
    askers: ["visitor", "bob"],
    ask: file((id) => `/files/pack/${id}/originals`),
  },
  {
    name: "page /pack/{packId}",
    kind: "pack",
    askers: ["visitor", "bob"],
    ask: page(
      packPage as unknown as Loader,
      (id) => `/pack/${id}`,
      (id) => ({ packId: id }),
    ),
  },
  // Tasks and uploads.
  {
    name: "GET /api/v2/aitask/get",
    kind: "task",
    askers: ["bob"],
    ask: api("GET", "/api/v2/aitask/get", (id) => ({ taskId: id })),
  },
  {
    name: "GET /api/aitask/recentImage",
    kind: "uploadId",
    askers: ["bob"],
    ask: api("GET", "/api/aitask/recentImage", (id) => ({ uploadId: id })),
  },
  {
    name: "GET /api/pack/byUpload",
    kind: "packUploadId",
    askers: ["bob"],
    ask: api("GET", "/api/pack/byUpload", (id) => ({ uploadId: id })),
  },
  // Billing: the sandbox's pages and the return page.
  {
    name: "page /billing/sandbox/checkout/{id}",
    kind: "checkout",
    askers: ["visitor", "bob"],
    ask: page(
      sandboxCheckoutPage as unknown as Loader,
      (id) => `/billing/sandbox/checkout/${id}`,
      (id) => ({ checkoutId: id }),
    ),
  },
  {
    name: "page /billing/sandbox/portal/{id}",
    kind: "portal",
    askers: ["visitor", "bob"],
    ask: page(
      sandboxPortalPage as unknown as Loader,
      (id) => `/billing/sandbox/portal/${id}`,
      (id) => ({ portalId: id }),
    ),
  },
  {
    name: "page /rechargeSuccess?id=",
    kind: "checkout",
    askers: ["visitor", "bob"],
    ask: page(
      rechargeSuccessPage as unknown as Loader,
      (id) => `/rechargeSuccess?status=success&id=${id}`,
      () => ({}),
    ),
  },
];

describe("an id only its owner may see answers as an unknown id (decision 0033)", () => {
  it.each(CASES.flatMap((c) => c.askers.map((asker) => ({ ...c, asker, label: `${c.name} [${c.kind}] as ${asker}` }))))(
    "$label: the same status, code and body for someone else's private id as for an unknown one",
    async ({ kind, asker, ask }) => {
      const unknown = await ask(ids[kind].unknown, asker);
      const hidden = await ask(ids[kind].private, asker);
      expect(hidden).toEqual(unknown);
    },
  );

  it("the owner does get her things through the same calls, so the ids above are real", async () => {
    const owned = async (method: "GET" | "POST", path: string, params: Record<string, string>) =>
      (await callApi(t, method, path, { session: alice, params })).http;
    expect(await owned("GET", "/api/sticker/get", { stickerInstId: ids.sticker.private })).toBe(200);
    expect(await owned("GET", "/api/sticker/get", { stickerInstId: ids.hiddenSticker.private })).toBe(200);
    expect(await owned("GET", "/api/sticker/recommendation", { stickerInstId: ids.sticker.private })).toBe(200);
    expect(await owned("GET", "/api/pack/get", { packId: ids.pack.private })).toBe(200);
    expect(await owned("GET", "/api/pack/progress", { packId: ids.pack.private })).toBe(200);
    expect(await owned("GET", "/api/v2/aitask/get", { taskId: ids.task.private })).toBe(200);
    const byUpload = await callApi(t, "GET", "/api/pack/byUpload", {
      session: alice,
      params: { uploadId: ids.packUploadId.private },
    });
    expect(byUpload.body.data).toEqual({ packId: ids.pack.private });
    const cookie = { Cookie: `${sessionCookieName(t.app.config)}=${alice.token}` };
    for (const path of [
      `/files/${ids.picture.private}.png`,
      `/files/${ids.picture.private}-256.webp`,
      `/files/download/${ids.picture.private}`,
      `/files/export/${ids.picture.private}/telegram.png`,
      `/files/${ids.upload.private}`,
      `/files/${ids.avatar.private}`,
      `/files/pack/${ids.pack.private}/telegram`,
      `/files/pack/${ids.publicPack.private}/originals`,
      `/files/card/pack/${ids.pack.private}/0123456789abcdef.jpg`,
      `/files/card/sticker/${ids.sticker.private}/0123456789abcdef.jpg`,
    ]) {
      expect((await t.server.request(`http://localhost${path}`, { headers: cookie })).status, path).toBe(200);
    }
    expect(t.app.billing.sandbox?.checkout(ids.checkout.private)?.userId).toBe(alice.userId);
    expect(t.app.billing.sandbox?.portal(ids.portal.private)?.userId).toBe(alice.userId);
  });
});
