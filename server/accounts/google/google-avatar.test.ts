import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema.ts";
import { setCookieOf } from "#tests/support/accounts.ts";
import { closeTestApp, createTestApp, signedRequest, type TestApp } from "#tests/support/test-app.ts";
import { AVATAR_MAX_BYTES, AVATAR_SIZE, avatarUrlAllowed, copyGoogleAvatar } from "./copy-google-avatar.ts";
import { GOOGLE_NONCE_COOKIE } from "./google-nonce.ts";

const CLIENT_ID = "test-client.apps.googleusercontent.com";

let keys: Awaited<ReturnType<typeof generateKeyPair>>;
/** Google's JWKS and its picture host, both stood in for on loopback (like the JWKS stub of the e2e set-up). */
let google: Server;
let origin: string;
let t: TestApp;
let hits: string[] = [];

async function face(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: "secret-exif-mark" } } })
    .toBuffer();
}

beforeAll(async () => {
  keys = await generateKeyPair("RS256");
  const published = { keys: [{ ...(await exportJWK(keys.publicKey)), kid: "google-1", alg: "RS256", use: "sig" }] };
  const picture = await face();
  google = createServer((req, res) => {
    hits.push(req.url ?? "");
    const route = req.url ?? "";
    if (route.startsWith("/oauth2")) {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify(published));
    } else if (route === "/face.jpg") {
      res.writeHead(200, { "Content-Type": "image/jpeg" });
      res.end(picture);
    } else if (route === "/page.html") {
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end("<html>not a picture</html>");
    } else if (route === "/lying.jpg") {
      res.writeHead(200, { "Content-Type": "image/jpeg" });
      res.end("not a picture at all");
    } else if (route === "/huge.jpg") {
      // No Content-Length: the cap must hold while the bytes stream in.
      res.writeHead(200, { "Content-Type": "image/jpeg" });
      res.end(Buffer.alloc(AVATAR_MAX_BYTES + 1024, 1));
    } else if (route === "/moved.jpg") {
      res.writeHead(302, { Location: "/face.jpg" });
      res.end();
    } else if (route === "/silent.jpg") {
      // Never answers: the timeout must end the sign-in's wait.
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => google.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(google.address() as AddressInfo).port}`;
  t = await createTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `${origin}/oauth2/v3/certs` });
});
afterAll(async () => {
  await closeTestApp(t);
  google.closeAllConnections();
  await new Promise((resolve) => google.close(resolve));
});

async function googleLogin(sub: string, picture?: string) {
  const nonceAnswer = await t.server.request(
    await signedRequest("GET", "/api/googleNonce", { key: t.app.config.CLIENT_SIGNING_KEY }),
  );
  const { nonce } = ((await nonceAnswer.json()) as { data: { nonce: string } }).data;
  const nonceCookie = setCookieOf(nonceAnswer, GOOGLE_NONCE_COOKIE);
  const token = await new SignJWT({
    iss: "https://accounts.google.com",
    aud: CLIENT_ID,
    sub,
    email: `${sub}@example.com`,
    email_verified: true,
    name: "Face Owner",
    nonce,
    ...(picture ? { picture } : {}),
  })
    .setProtectedHeader({ alg: "RS256", kid: "google-1" })
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(keys.privateKey);
  const response = await t.server.request(
    await signedRequest("POST", "/api/googleLogin", {
      key: t.app.config.CLIENT_SIGNING_KEY,
      body: { idToken: token },
      headers: { Cookie: `${GOOGLE_NONCE_COOKIE}=${nonceCookie?.value}` },
    }),
  );
  // biome-ignore lint/suspicious/noExplicitAny: the user info is read loosely.
  const body = (await response.json()) as { status: number | string; data: any };
  return { body, token: setCookieOf(response, "token")?.value ?? "" };
}

async function avatarPathOf(userId: number) {
  const [row] = await t.app.database.db.select({ avatarPath: users.avatarPath }).from(users).where(eq(users.id, userId));
  return row?.avatarPath ?? null;
}

describe("the Google avatar is copied into our storage at sign-in (decision 0029)", () => {
  it("fills the user info's avatar.path with our own /files address, a 128 px WebP without the picture's metadata", async () => {
    const { body, token } = await googleLogin("face-1", `${origin}/face.jpg`);
    expect(body.status).toBe(200);
    const path = body.data.avatar?.path as string;
    expect(path).toMatch(/^\/files\/avatar-[a-f0-9]{40}\.webp$/);
    expect(path).not.toContain("127.0.0.1");
    expect(await avatarPathOf(body.data.id)).toBe(path);

    const served = await t.server.request(path, { headers: { Cookie: `token=${token}` } });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", AVATAR_SIZE, AVATAR_SIZE]);
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes("secret-exif-mark")).toBe(false);
  });

  it("serves the avatar to its own user only: a visitor and another user get NOT_FOUND", async () => {
    const { body } = await googleLogin("face-2", `${origin}/face.jpg`);
    const path = body.data.avatar.path as string;
    expect((await t.server.request(path)).status).toBe(404);
    const other = await googleLogin("no-face-2");
    expect((await t.server.request(path, { headers: { Cookie: `token=${other.token}` } })).status).toBe(404);
  });

  it.each([
    ["a web page", "/page.html"],
    ["bytes that claim to be a JPEG", "/lying.jpg"],
    ["a picture over the size cap", "/huge.jpg"],
    ["a redirect", "/moved.jpg"],
    ["a 404", "/gone.jpg"],
    ["a host that never answers", "/silent.jpg"],
  ])(
    "%s keeps the initial and still signs in",
    async (_, route) => {
      const { body } = await googleLogin(`bad-${route.replace(/\W/g, "")}`, `${origin}${route}`);
      expect(body.status).toBe(200);
      expect(body.data.avatar).toBeNull();
      expect(await avatarPathOf(body.data.id)).toBeNull();
    },
    15_000,
  );

  it("a failed copy on a later sign-in keeps the picture copied before", async () => {
    const first = await googleLogin("face-3", `${origin}/face.jpg`);
    const again = await googleLogin("face-3", `${origin}/page.html`);
    expect(again.body.data.avatar).toEqual(first.body.data.avatar);
  });

  it("a banned user's sign-in is refused before the picture is fetched: no request to the picture host, no file stored, no avatar", async () => {
    const first = await googleLogin("banned-face");
    expect(first.body.status).toBe(200);
    const userId = first.body.data.id as number;
    await t.app.database.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, userId));
    hits = [];
    const stored: string[] = [];
    const put = t.app.storage.put;
    t.app.storage.put = (key, body, contentType) => {
      stored.push(key);
      return put.call(t.app.storage, key, body, contentType);
    };
    try {
      const refused = await googleLogin("banned-face", `${origin}/face.jpg`);
      expect(refused.body.status).toBe("ACCOUNT_BANNED");
      expect(refused.token).toBe("");
    } finally {
      t.app.storage.put = put;
    }
    expect(hits.filter((hit) => !hit.startsWith("/oauth2"))).toEqual([]);
    expect(stored).toEqual([]);
    expect(await avatarPathOf(userId)).toBeNull();
  });

  it("without a picture claim there is no fetch and no avatar", async () => {
    hits = [];
    const { body } = await googleLogin("no-picture");
    expect(body.data.avatar).toBeNull();
    expect(hits.filter((hit) => !hit.startsWith("/oauth2"))).toEqual([]);
  });
});

describe("which picture addresses may be fetched", () => {
  it("https on Google's picture hosts only; plain http only to this machine in local mode", () => {
    expect(avatarUrlAllowed("https://lh3.googleusercontent.com/a/abc=s96-c", false)).not.toBeNull();
    expect(avatarUrlAllowed("http://lh3.googleusercontent.com/a/abc", false)).toBeNull();
    expect(avatarUrlAllowed("https://evil.example/a.jpg", false)).toBeNull();
    expect(avatarUrlAllowed("https://googleusercontent.com.evil.example/a.jpg", false)).toBeNull();
    expect(avatarUrlAllowed("https://user:pw@lh3.googleusercontent.com/a", false)).toBeNull();
    expect(avatarUrlAllowed("http://127.0.0.1:9/a.jpg", false)).toBeNull();
    expect(avatarUrlAllowed("http://127.0.0.1:9/a.jpg", true)).not.toBeNull();
    expect(avatarUrlAllowed("http://169.254.169.254/latest/meta-data", true)).toBeNull();
    expect(avatarUrlAllowed("file:///etc/passwd", true)).toBeNull();
    expect(avatarUrlAllowed("not a url", true)).toBeNull();
  });

  it("a refused address is never dialled", async () => {
    hits = [];
    const app = { ...t.app, config: { ...t.app.config, localMode: false } };
    expect(await copyGoogleAvatar(app, 1, `${origin}/face.jpg`)).toBeNull();
    expect(hits).toEqual([]);
  });
});
