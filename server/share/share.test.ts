/**
 * Sharing a photo in (decision 0046) through the real route, as the phone's share sheet posts it
 * (a multipart form, no signature, no session): a photo is kept and the answer goes to the create
 * panel with its id; a bad or too big file lands there with the refusal's code; an unknown or
 * expired id loads nothing; the sweep removes old photos.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plainText } from "#tests/fixtures/hostile-uploads.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { runSweeps } from "../maintenance/sweeps.ts";
import { keepSharedPhoto, readSharedPhoto, SHARED_PHOTO_MAX_AGE_MS, sharedPhotoKey } from "./shared-photos.ts";

const UPLOAD_MAX_BYTES = 200_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_BYTES: String(UPLOAD_MAX_BYTES) });
});

afterAll(async () => {
  await closeTestApp(t);
});

async function photo(width = 320, height = 240): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .toBuffer();
}

/** POSTs /share as the share sheet does: `photo` plus the text fields the manifest declares. */
async function share(
  file: Buffer | null,
  o: { type?: string; name?: string; headers?: Record<string, string>; target?: string } = {},
) {
  const form = new FormData();
  form.append("title", "Holiday");
  form.append("text", "look");
  form.append("url", "");
  if (file) form.append("photo", new File([new Uint8Array(file)], o.name ?? "IMG_0001.jpg", { type: o.type ?? "image/jpeg" }));
  const response = await t.server.request(`http://localhost${o.target ?? "/share"}`, {
    method: "POST",
    body: form,
    headers: { "Accept-Language": "en-US", ...o.headers },
  });
  const location = response.headers.get("location") ?? "";
  return { status: response.status, location: new URL(location, "http://localhost") };
}

describe("POST /share keeps a shared photo and opens the create panel with it", () => {
  it("a photo is kept as a checked picture and the answer is a 303 to the panel with its id", async () => {
    const { status, location } = await share(await photo());
    expect(status).toBe(303);
    expect(location.pathname).toBe("/");
    const id = location.searchParams.get("shared");
    expect(id).toMatch(/^[a-z0-9]+-[a-f0-9]{32}$/);

    const loaded = await t.server.request(`http://localhost/files/shared/${id}`);
    expect(loaded.status).toBe(200);
    expect(loaded.headers.get("content-type")).toBe("image/webp");
    expect(loaded.headers.get("cache-control")).toBe("private, no-store");
    const kept = await sharp(Buffer.from(await loaded.arrayBuffer())).metadata();
    expect([kept.format, kept.width, kept.height]).toEqual(["webp", 320, 240]);
  });

  it("lands in the visitor's language: the lang cookie first, else Accept-Language", async () => {
    const byCookie = await share(await photo(), { headers: { Cookie: "lang=ar", "Accept-Language": "fr-FR" } });
    expect(byCookie.location.pathname).toBe("/ar");
    expect(byCookie.location.searchParams.get("shared")).not.toBeNull();
    const byHeader = await share(await photo(), { headers: { "Accept-Language": "ja-JP,ja;q=0.9" } });
    expect(byHeader.location.pathname).toBe("/ja");
  });

  it("takes a share at each language's own target (/{lang}/share, in its manifest's scope) and lands in that language", async () => {
    const japanese = await share(await photo(), { target: "/ja/share", headers: { Cookie: "lang=fr" } });
    expect([japanese.status, japanese.location.pathname]).toEqual([303, "/ja"]);
    expect(japanese.location.searchParams.get("shared")).not.toBeNull();
    const refused = await share(plainText(), { type: "text/plain", target: "/ar/share" });
    expect([refused.location.pathname, refused.location.searchParams.get("shareError")]).toEqual(["/ar", "UPLOAD_NOT_AN_IMAGE"]);
    expect((await share(await photo(), { target: "/xx/share" })).status).toBe(404);
    expect((await share(await photo(), { target: "/en/share" })).status).toBe(404);
  });

  it("a file that is no picture lands on the panel with its refusal, and nothing is kept", async () => {
    const { status, location } = await share(plainText(), { type: "text/plain", name: "notes.txt" });
    expect(status).toBe(303);
    expect(location.searchParams.get("shared")).toBeNull();
    expect(location.searchParams.get("shareError")).toBe("UPLOAD_UNSUPPORTED_TYPE");
  });

  it("a photo over UPLOAD_MAX_BYTES lands on the panel as too large", async () => {
    const noisy = await sharp(Buffer.from(Array.from({ length: 600 * 600 * 3 }, () => Math.floor(Math.random() * 256))), {
      raw: { width: 600, height: 600, channels: 3 },
    })
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(UPLOAD_MAX_BYTES);
    const { location } = await share(noisy, { type: "image/png", name: "big.png" });
    expect(location.searchParams.get("shareError")).toBe("UPLOAD_TOO_LARGE");
  });

  it("a share without a photo (a link or words only) lands on the panel as missing a picture", async () => {
    const { location } = await share(null);
    expect(location.searchParams.get("shareError")).toBe("UPLOAD_MISSING");
  });

  it("an unknown or malformed id loads nothing (404, never cached)", async () => {
    for (const id of ["zz0000-0123456789abcdef0123456789abcdef", "../upload-x", "nothing"]) {
      const response = await t.server.request(`http://localhost/files/shared/${encodeURIComponent(id)}`);
      expect(response.status).toBe(404);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("a photo is served for an hour after it was shared, then no more, and the sweep removes it", async () => {
    const sharedAt = Date.now();
    const id = await keepSharedPhoto(t.app, await photo(), { type: "image/jpeg", name: "a.jpg" }, sharedAt);
    expect(await readSharedPhoto(t.app, id, sharedAt + SHARED_PHOTO_MAX_AGE_MS - 60_000)).not.toBeNull();
    expect(await readSharedPhoto(t.app, id, sharedAt + SHARED_PHOTO_MAX_AGE_MS + 1000)).toBeNull();

    const soon = await runSweeps(t.app, { now: new Date(sharedAt + 60_000) });
    expect(await t.app.storage.has(sharedPhotoKey(id))).toBe(true);
    expect(soon.sharedPhotos.removed).toBe(0);
    const later = await runSweeps(t.app, { now: new Date(sharedAt + SHARED_PHOTO_MAX_AGE_MS + 60_000) });
    expect(later.sharedPhotos.removed).toBeGreaterThan(0);
    expect(await t.app.storage.has(sharedPhotoKey(id))).toBe(false);
  });
});
