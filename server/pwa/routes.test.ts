import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "#common/i18n/catalogs.ts";
import { LANGUAGES } from "#common/languages.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { serviceWorkerScript } from "./service-worker-script.ts";

let t: TestApp;

// The public files (icons) are served as the build serves them: from the folder of client files.
beforeAll(async () => {
  t = await createTestApp({}, { clientAssetsDir: "public" });
});
afterAll(() => closeTestApp(t));

interface Manifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
  share_target: { action: string; method: string; enctype: string; params: Record<string, unknown> };
}

async function manifestOf(address: string): Promise<Manifest> {
  const answer = await t.server.request(address);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("Content-Type")).toBe("application/manifest+json; charset=utf-8");
  return (await answer.json()) as Manifest;
}

describe("the web app manifest", () => {
  it("opens the installed app on its language's home page, in that language, with one id for all", async () => {
    const english = await manifestOf("/manifest.webmanifest");
    expect(english).toMatchObject({
      id: "/",
      name: "Sticker Studio",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#947C62",
      background_color: "#fafaf9",
    });
    expect(english.short_name.length).toBeLessThanOrEqual(12);
    for (const language of LANGUAGES.filter((l) => l !== "en")) {
      const manifest = await manifestOf(`/${language}/manifest.webmanifest`);
      expect([language, manifest.start_url, manifest.scope, manifest.id]).toEqual([
        language,
        `/${language}/`,
        `/${language}/`,
        "/",
      ]);
      expect(manifest.description).toBe(translate(language, "app.description"));
      expect(manifest.short_name).toBe(translate(language, "pwa.shortName"));
    }
    expect((await manifestOf("/ar/manifest.webmanifest")).description).not.toBe(english.description);
  });

  it("lists 192 and 512 PNG icons and a maskable 512 one, each served at exactly its stated size", async () => {
    const { icons } = await manifestOf("/de/manifest.webmanifest");
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    for (const icon of icons) {
      const answer = await t.server.request(icon.src);
      expect([icon.src, answer.status, answer.headers.get("Content-Type")]).toEqual([icon.src, 200, "image/png"]);
      const meta = await sharp(Buffer.from(await answer.arrayBuffer())).metadata();
      expect([icon.src, meta.format, `${meta.width}x${meta.height}`]).toEqual([icon.src, "png", icon.sizes]);
      // A maskable icon is full-bleed: no transparent corner for a launcher's mask to show.
      if (icon.purpose === "maskable") expect(meta.hasAlpha).toBe(false);
    }
  });

  it("takes shared photos and links: a multipart POST to the share target under its scope", async () => {
    const english = await manifestOf("/manifest.webmanifest");
    expect(english.share_target).toEqual({
      action: "/share",
      method: "POST",
      enctype: "multipart/form-data",
      params: { title: "title", text: "text", url: "url", files: [{ name: "photo", accept: ["image/*"] }] },
    });
    expect((await manifestOf("/ja/manifest.webmanifest")).share_target.action).toBe("/ja/share");
  });
});

describe("the offline page and the service worker", () => {
  it("serves each language's offline page as a static page that loads nothing: translated, Arabic right to left", async () => {
    const english = await t.server.request("/offline.html");
    expect(english.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(english.headers.get("Content-Security-Policy")).toMatch(/^default-src 'none'/);
    const html = await english.text();
    expect(html).toContain(`<h1>${translate("en", "pwa.offline.title").replace("'", "&#39;")}</h1>`);
    expect(html).not.toMatch(/<script|<link|src=/);
    const arabic = await (await t.server.request("/ar/offline.html")).text();
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(arabic).toContain(translate("ar", "pwa.offline.title"));
  });

  it("serves /sw.js as a script no HTTP cache keeps, that keeps at install only the offline page every address falls back to", async () => {
    const answer = await t.server.request("/sw.js");
    expect(answer.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
    expect(answer.headers.get("Cache-Control")).toBe("no-cache");
    const script = await answer.text();
    const build = JSON.parse(/^const BUILD = (.*);$/m.exec(script)?.[1] ?? "null") as { precache: string[]; version: string };
    // At install: the English offline page alone (the others are kept as their languages are visited).
    expect(build.precache).toEqual(["/offline.html"]);
    expect(build.version).toMatch(/^[0-9a-f]{16}$/);
  });

  it("gives the worker a new version when the build's files change, so the last build's caches are dropped", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "sw-build-"));
    try {
      await mkdir(path.join(folder, "assets"));
      await writeFile(path.join(folder, "assets", "entry-AAAA.js"), "");
      const versionOf = (script: string) => /"version":"([0-9a-f]+)"/.exec(script)?.[1];
      const first = versionOf(serviceWorkerScript({ clientAssetsDir: folder, offlinePageTexts: ["page"] }));
      expect(versionOf(serviceWorkerScript({ clientAssetsDir: folder, offlinePageTexts: ["page"] }))).toBe(first);
      await writeFile(path.join(folder, "assets", "entry-BBBB.js"), "");
      expect(versionOf(serviceWorkerScript({ clientAssetsDir: folder, offlinePageTexts: ["page"] }))).not.toBe(first);
      expect(versionOf(serviceWorkerScript({ clientAssetsDir: folder, offlinePageTexts: ["page, translated anew"] }))).not.toBe(
        first,
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
