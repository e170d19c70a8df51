import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPrivateSticker, callApi, createGalleryTestApp, signInTestUser, type TestSession } from "#tests/support/stickers.ts";
import { closeTestApp, type TestApp } from "#tests/support/test-app.ts";
import { gallerySticker } from "../seed/seed-database.ts";

let t: TestApp;
let owner: TestSession;
let stranger: TestSession;
const publicId = gallerySticker(0).stickerInstId;

beforeAll(async () => {
  t = await createGalleryTestApp(3);
  owner = await signInTestUser(t, "owner@example.com");
  stranger = await signInTestUser(t, "stranger@example.com");
  await addPrivateSticker(t, owner.userId, "privateSticker1");
}, 180_000);
afterAll(() => closeTestApp(t));

const get = (stickerInstId: string, options: { session?: TestSession; language?: string } = {}) =>
  callApi(t, "GET", "/api/sticker/get", { params: { stickerInstId }, ...options });

describe("GET /api/sticker/get (spec §7; decision 0033: a private sticker reads as unknown)", () => {
  it("answers a public sticker to anyone, with its style named in the caller's language", async () => {
    const { http, body } = await get(publicId, { language: "fr" });
    expect(http).toBe(200);
    expect(body.data).toMatchObject({
      stickerInstId: publicId,
      prompt: gallerySticker(0).prompt,
      visibility: "public",
      mine: false,
      locale: gallerySticker(0).language,
      tags: [{ id: 1 }, { id: 2 }],
      width: 512,
      height: 512,
    });
    expect(body.data.imageUrl).toMatch(/^\/files\//);
    expect(body.data.style).toMatchObject({ key: gallerySticker(0).style });
    const english = await get(publicId);
    expect(body.data.style.name).not.toBe(english.body.data.style.name);
  });

  it("answers a private sticker with NOT_FOUND (404) to visitors and other users, as an unknown one", async () => {
    for (const session of [undefined, stranger]) {
      const { http, body } = await get("privateSticker1", session ? { session } : {});
      expect(http).toBe(404);
      expect(body).toMatchObject({ status: "NOT_FOUND", data: null, msgKey: "errors.notFound" });
    }
  });

  it("shows a private sticker to its owner, marked as theirs", async () => {
    const { http, body } = await get("privateSticker1", { session: owner });
    expect(http).toBe(200);
    expect(body.data).toMatchObject({ stickerInstId: "privateSticker1", visibility: "private", mine: true });
  });

  it("answers an unknown sticker with NOT_FOUND (404) and a malformed id with INVALID_INPUT", async () => {
    const unknown = await get("noSuchSticker");
    expect(unknown.http).toBe(404);
    expect(unknown.body.status).toBe("NOT_FOUND");
    for (const bad of ["", "a/b", "x".repeat(65)]) {
      const { http, body } = await get(bad);
      expect(http).toBe(400);
      expect(body.status).toBe("INVALID_INPUT");
    }
  });
});
