import type { APIResponse } from "@playwright/test";
import { HOSTILE_REDIRECT_TARGETS, locationStaysOn } from "../fixtures/hostile-redirects.ts";
import { expect, test } from "./fixtures.ts";

/**
 * The redirect table over the page routes (decision 0013): each hostile target in every place a page
 * takes a path from (the path after /en, a path without prefix under a remembered language, the
 * language prefix, the sticker id, the error page's query, React Router's `.data` requests), asked
 * without following redirects. Every Location must be absent or a path on this site. The server's
 * own routes walk the same table in server/accounts/open-redirects.test.ts.
 */
const asPath = (target: string) => (target.startsWith("/") ? target : `/${target}`);

function placesFor(target: string): { url: string; cookie?: string }[] {
  const encoded = encodeURIComponent(target);
  return [
    { url: `/en${asPath(target)}` },
    { url: `/en/${encoded}` },
    { url: `/en/${encoded}?next=${encoded}` },
    { url: asPath(target) },
    { url: asPath(target), cookie: "lang=fr" },
    { url: `/${encoded}`, cookie: "lang=ja" },
    { url: `/stickers${asPath(target)}`, cookie: "lang=de" },
    { url: `/${encoded}/error/999` },
    { url: `/fr/error/999?message=${encoded}` },
    { url: `/sticker/${encoded}` },
    { url: `/fr/sticker/${encoded}/x` },
    { url: `/error/500?message=${encoded}&requestId=${encoded}` },
    { url: `/en${asPath(target)}.data` },
    { url: `/en/${encoded}.data` },
    { url: `/${encoded}/error/999.data` },
  ];
}

/** A `.data` answer carries a redirect in its body (React Router single fetch), not in Location. */
async function dataRedirectOf(response: APIResponse): Promise<string | null> {
  if (!new URL(response.url()).pathname.endsWith(".data")) return null;
  const body = await response.text();
  const match =
    /"redirect","([^"]*)"|"redirect":"([^"]*)"/.exec(body) ?? /SingleFetchRedirect"[^\]]*\],\{[^}]*"([^"]*)"/.exec(body);
  return match ? (match[1] ?? match[2] ?? match[3] ?? null) : null;
}

test.describe("no page route redirects off the site", () => {
  for (const target of HOSTILE_REDIRECT_TARGETS) {
    test(`hostile target ${JSON.stringify(target)}`, async ({ playwright, baseURL }) => {
      const origin = new URL(baseURL ?? "").origin;
      for (const place of placesFor(target)) {
        // A context per cookie, and absolute URLs: a path like "//host" must not be read as a host.
        const request = await playwright.request.newContext({
          extraHTTPHeaders: place.cookie ? { Cookie: place.cookie } : {},
        });
        try {
          const response = await request.get(`${origin}${place.url}`, { maxRedirects: 0 });
          const location = response.headers().location ?? null;
          const inBody = await dataRedirectOf(response);
          if (process.env.REDIRECT_TABLE) {
            console.log(`REDIRECT\t${place.cookie ?? ""}\t${response.url()}\t${response.status()}\t${location ?? inBody ?? "-"}`);
          }
          expect(locationStaysOn(location, origin), `${place.url} → ${location}`).toBe(true);
          expect(locationStaysOn(inBody, origin), `${place.url} (.data) → ${inBody}`).toBe(true);
        } finally {
          await request.dispose();
        }
      }
    });
  }

  test("a browser sent to /en//evil.example/, /en/%2F%2Fevil.example or /\\evil.example stays on the site", async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL ?? "").origin;
    for (const path of [
      "/en//evil.example/",
      "/en/%2F%2Fevil.example",
      "/\\evil.example",
      "/en/\\evil.example",
      "/en/.//evil.example",
    ]) {
      await page.goto(`${origin}${path}`);
      expect(new URL(page.url()).origin, path).toBe(origin);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
  });
});
