import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootAppContext } from "#server/boot.ts";
import { ConfigError } from "#server/config.ts";
import { emailLinks, pointsLedger, users } from "#server/db/schema.ts";
import { hashToken } from "#server/sessions/resolve-session.ts";
import { latestLinkFor, openLink, setCookieOf, signInByEmail, viewLink } from "#tests/support/accounts.ts";
import { callApi } from "#tests/support/stickers.ts";
import { closeTestApp, createTestApp, signedRequest, type TestApp } from "#tests/support/test-app.ts";
import { LINK_BROWSER_COOKIE } from "./link-browser.ts";
import { CONFIRM_FORM_LIMIT_BYTES } from "./routes.ts";
import { linkSealingKey, seal } from "./seal.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

const askLink = (email: string, params: Record<string, string> = {}) =>
  callApi(t, "GET", "/api/getVerifyEmail", { params: { email, ...params } });

describe("GET /api/getVerifyEmail → the link → signed in (local mode, dev mailbox)", () => {
  it("mails a link that signs a new address in as a new, verified user with the starting points", async () => {
    const { response, userId } = await signInByEmail(t, "new@example.com", { redirect: "/fr/stickers/latest" });
    expect(response.headers.get("location")).toBe("/fr/stickers/latest?login=email");
    const cookie = setCookieOf(response, "token");
    expect(cookie?.attributes).toMatch(/HttpOnly/i);
    expect(cookie?.attributes).toMatch(/SameSite=Lax/i);
    expect(cookie?.attributes).toMatch(/Path=\//);
    expect(cookie?.attributes).toMatch(/Max-Age=2592000/);
    expect(cookie?.attributes).not.toMatch(/Secure/);
    const [user] = await t.app.database.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ email: "new@example.com", emailVerified: true, point: t.app.config.STARTING_POINTS });
    const ledger = await t.app.database.db.select().from(pointsLedger).where(eq(pointsLedger.userId, userId));
    expect(ledger).toMatchObject([{ delta: 10, reason: "signup", idempotencyKey: `signup:${userId}` }]);
  });

  it("signs an existing address into the same user, with a new session token each time", async () => {
    const first = await signInByEmail(t, "again@example.com");
    const second = await signInByEmail(t, "Again@Example.com ");
    expect(second.userId).toBe(first.userId);
    expect(second.token).not.toBe(first.token);
    expect(second.signingKey).not.toBe(first.signingKey);
    expect(await t.app.database.db.select().from(users).where(eq(users.email, "again@example.com"))).toHaveLength(1);
  });

  it("answers known and unknown addresses identically and stores only the token's hash", async () => {
    await signInByEmail(t, "known@example.com");
    const known = await askLink("known@example.com");
    const unknown = await askLink("nobody-here@example.com");
    expect(known).toEqual(unknown);
    expect(known.body).toEqual({ status: 200, data: { sent: true } });

    const link = await latestLinkFor(t, "nobody-here@example.com");
    const token = link.searchParams.get("token") ?? "";
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const rows = await t.app.database.db.select().from(emailLinks).where(eq(emailLinks.email, "nobody-here@example.com"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("works once: a second press of the button lands on the 403 page with the expired-link message key", async () => {
    await askLink("once@example.com");
    const link = await latestLinkFor(t, "once@example.com");
    expect((await openLink(t, link)).status).toBe(303);
    const again = await openLink(t, link);
    expect(again.status).toBe(303);
    const location = new URL(again.headers.get("location") ?? "", "http://x");
    expect(location.pathname).toBe("/error/403");
    expect(location.searchParams.get("message")).toBe("errors.emailLinkExpired");
    expect(setCookieOf(again, "token")).toBeNull();
    // Opening the spent link again (a GET) goes to the same page, in the mail's language (English
    // here), not the browser's.
    const viewed = await viewLink(t, link, { "Accept-Language": "fr" });
    expect(viewed.status).toBe(302);
    expect(viewed.headers.get("location")).toBe("/error/403?message=errors.emailLinkExpired");
  });

  it("expires after 10 minutes", async () => {
    await askLink("late@example.com");
    const link = await latestLinkFor(t, "late@example.com");
    const [row] = await t.app.database.db.select().from(emailLinks).where(eq(emailLinks.email, "late@example.com"));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(9.9 * 60_000);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(10 * 60_000 + 1000);
    await t.app.database.db
      .update(emailLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailLinks.id, row!.id));
    const response = await openLink(t, link);
    expect(response.headers.get("location")).toMatch(/^\/error\/403\?message=/);
    expect(await t.app.database.db.select().from(users).where(eq(users.email, "late@example.com"))).toHaveLength(0);
  });

  it("refuses unknown tokens and altered or swapped sealed parameters", async () => {
    await askLink("seal-a@example.com", { redirect: "/a" });
    await askLink("seal-b@example.com", { redirect: "/b" });
    const a = await latestLinkFor(t, "seal-a@example.com");
    const b = await latestLinkFor(t, "seal-b@example.com");
    const swapped = new URL(a);
    swapped.searchParams.set("s", b.searchParams.get("s") ?? "");
    const altered = new URL(a);
    const sealed = Buffer.from(a.searchParams.get("s") ?? "", "base64url");
    sealed[14] = (sealed[14] ?? 0) ^ 1;
    altered.searchParams.set("s", sealed.toString("base64url"));
    const unknown = new URL(a);
    unknown.searchParams.set("token", "A".repeat(43));
    const missing = new URL("http://localhost/auth/email/callback");
    for (const link of [swapped, altered, unknown, missing]) {
      const response = await openLink(t, link);
      expect(response.headers.get("location"), link.search).toMatch(/^\/error\/403\?message=/);
    }
    // The refusals above did not spend link a: it still works.
    expect((await openLink(t, a)).headers.get("location")).toBe("/a?login=email");
  });

  it("writes the mail in the language of the page that asked (Accept-Language), right to left in Arabic", async () => {
    const mailTo = async (email: string, language: string) => {
      expect((await callApi(t, "GET", "/api/getVerifyEmail", { params: { email }, language })).body.status).toBe(200);
      await t.app.mail.drain();
      const mail = t.app.mail.mailbox?.recent().find((m) => m.to === email);
      if (!mail) throw new Error(`no mail for ${email}`);
      return mail;
    };
    const english = await mailTo("lang-en@example.com", "en-US");
    expect(english.subject).toBe("Your Sticker Studio sign-in link");
    expect(english.html).toContain('<html lang="en" dir="ltr">');
    const french = await mailTo("lang-fr@example.com", "fr");
    expect(french.subject).not.toBe(english.subject);
    expect(french.subject).toContain("Sticker Studio");
    expect(french.html).toContain('<html lang="fr" dir="ltr">');
    expect(french.text).toMatch(/https?:\/\/\S+callback\?token=/);
    const arabic = await mailTo("lang-ar@example.com", "ar");
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.text.split("\n")[0]).not.toBe(english.text.split("\n")[0]);
  });

  it("stores a hostile redirect as / when the link is asked for", async () => {
    for (const [i, redirect] of ["//evil.example", "/.//evil.example", "https:evil.example", "/\\evil.example"].entries()) {
      const email = `hostile-ask-${i}@example.com`;
      await askLink(email, { redirect });
      const [row] = await t.app.database.db.select().from(emailLinks).where(eq(emailLinks.email, email));
      expect(row?.redirectPath, redirect).toBe("/");
    }
  });

  it("checks the stored redirect again when the link is opened, so a hostile row still lands on this site", async () => {
    await askLink("hostile-open@example.com");
    const link = await latestLinkFor(t, "hostile-open@example.com");
    const token = link.searchParams.get("token") ?? "";
    const redirect = "/.//evil.example";
    await t.app.database.db
      .update(emailLinks)
      .set({ redirectPath: redirect })
      .where(eq(emailLinks.email, "hostile-open@example.com"));
    link.searchParams.set("s", seal(linkSealingKey(t.app.config), { redirect, inviteCode: null }, hashToken(token)));
    const response = await openLink(t, link);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/?login=email");
  });

  it("answers INVALID_INPUT for a malformed address", async () => {
    for (const email of ["not-an-address", "", `${"a".repeat(250)}@example.com`]) {
      const { http, body } = await askLink(email);
      expect(http).toBe(400);
      expect(body.status).toBe("INVALID_INPUT");
    }
  });

  it("lists the last mails at /dev/mailbox in local mode", async () => {
    await askLink("mailbox@example.com");
    await t.app.mail.drain();
    const page = await t.server.request("/dev/mailbox");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("mailbox@example.com");
    expect(html).toContain("/auth/email/callback?token=");
  });
});

describe("the mailed link opens a confirm page; only its button spends the link", () => {
  // Its own app: the per-client link limit of the suite above is spent.
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => closeTestApp(t));
  const askLink = (email: string, params: Record<string, string> = {}) =>
    callApi(t, "GET", "/api/getVerifyEmail", { params: { email, ...params } });

  it("shows the address and one 'Sign in as …' button on GET, twice, without spending the link", async () => {
    await askLink("scanner@example.com", { redirect: "/stickers/latest" });
    const link = await latestLinkFor(t, "scanner@example.com");
    for (let i = 0; i < 2; i++) {
      const page = await viewLink(t, link);
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("no-store");
      expect(setCookieOf(page, "token")).toBeNull();
      const html = await page.text();
      expect(html).toContain("Sign in as scanner@example.com");
      expect(html.match(/<button/g)).toHaveLength(1);
      expect(html).toContain('<form method="post" action="/auth/email/callback">');
    }
    const [row] = await t.app.database.db.select().from(emailLinks).where(eq(emailLinks.email, "scanner@example.com"));
    expect(row?.usedAt).toBeNull();
    const pressed = await openLink(t, link);
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get("location")).toBe("/stickers/latest?login=email");
    expect(setCookieOf(pressed, "token")?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("speaks the language the mail was written in, whatever the browser's", async () => {
    await callApi(t, "GET", "/api/getVerifyEmail", { params: { email: "confirm-de@example.com" }, language: "de" });
    const link = await latestLinkFor(t, "confirm-de@example.com");
    expect(link.searchParams.get("lang")).toBe("de");
    const html = await (await viewLink(t, link, { "Accept-Language": "en-US" })).text();
    expect(html).toContain('<html lang="de" dir="ltr">');
    expect(html).toContain("Als confirm-de@example.com anmelden");
    await callApi(t, "GET", "/api/getVerifyEmail", { params: { email: "confirm-ar@example.com" }, language: "ar" });
    const arabic = await (await viewLink(t, await latestLinkFor(t, "confirm-ar@example.com"))).text();
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
  });

  it("escapes what it echoes from the link into the page", async () => {
    await askLink("escape@example.com");
    const link = await latestLinkFor(t, "escape@example.com");
    link.searchParams.set("lang", '"><script>alert(1)</script>');
    const html = await (await viewLink(t, link)).text();
    expect(html).not.toContain("<script>");
    expect(html).toContain('<html lang="en"');
  });

  it("refuses a post from another origin, without an Origin, or marked cross-site, and does not spend the link", async () => {
    await askLink("csrf@example.com");
    const link = await latestLinkFor(t, "csrf@example.com");
    for (const origin of ["https://evil.example", "null", undefined]) {
      const headers: Record<string, string> = origin === undefined ? { Origin: "" } : { Origin: origin };
      const refused = await openLink(t, link, headers);
      expect(refused.status, String(origin)).toBe(303);
      expect(refused.headers.get("location")).toBe("/error/403");
      expect(setCookieOf(refused, "token")).toBeNull();
    }
    const crossSite = await openLink(t, link, { Origin: "null", "Sec-Fetch-Site": "cross-site" });
    expect(crossSite.headers.get("location")).toBe("/error/403");
    const [row] = await t.app.database.db.select().from(emailLinks).where(eq(emailLinks.email, "csrf@example.com"));
    expect(row?.usedAt).toBeNull();
    expect(setCookieOf(await openLink(t, link), "token")).not.toBeNull();
  });

  it("accepts the button's post from a browser that hides its origin but marks it same-origin (Sec-Fetch-Site)", async () => {
    await askLink("hidden-origin@example.com");
    const link = await latestLinkFor(t, "hidden-origin@example.com");
    const pressed = await openLink(t, link, { Origin: "null", "Sec-Fetch-Site": "same-origin" });
    expect(pressed.status).toBe(303);
    expect(setCookieOf(pressed, "token")).not.toBeNull();
  });

  it("refuses a form post over 8 KB with PAYLOAD_TOO_LARGE and does not spend the link", async () => {
    await askLink("big-post@example.com");
    const link = await latestLinkFor(t, "big-post@example.com");
    const form = new URLSearchParams({ token: link.searchParams.get("token") ?? "", s: link.searchParams.get("s") ?? "" });
    form.set("padding", "x".repeat(CONFIRM_FORM_LIMIT_BYTES));
    const refused = await t.server.request(link.pathname, {
      method: "POST",
      body: form.toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: new URL(t.app.config.PUBLIC_URL).origin },
    });
    expect(refused.status).toBe(413);
    expect((await refused.json()).status).toBe("PAYLOAD_TOO_LARGE");
    expect(setCookieOf(refused, "token")).toBeNull();
    expect(setCookieOf(await openLink(t, link), "token")).not.toBeNull();
  });

  it("answers a post without a token or with a malformed body on the expired-link page", async () => {
    const origin = new URL(t.app.config.PUBLIC_URL).origin;
    for (const body of ["", "token=&s=", "token=x&s=y", "%%%"]) {
      const response = await t.server.request("/auth/email/callback", {
        method: "POST",
        body,
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
      });
      expect(response.status, body).toBe(303);
      expect(response.headers.get("location")).toBe("/error/403?message=errors.emailLinkExpired");
    }
  });
});

describe("the confirm page names the address and warns when another browser opens the link (login by a forwarded link)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => closeTestApp(t));
  const WARNING = "This link was requested from another browser. Continue only if you asked for it.";

  /** Asks for a link as a browser does, sending `cookie` back, and answers the browser cookie it was given. */
  async function askFrom(email: string, cookie?: string, language = "en-US") {
    const request = await signedRequest("GET", "/api/getVerifyEmail", {
      key: t.app.config.CLIENT_SIGNING_KEY,
      params: { email },
      headers: { "Accept-Language": language, ...(cookie ? { Cookie: `${LINK_BROWSER_COOKIE}=${cookie}` } : {}) },
    });
    const response = await t.server.request(request);
    expect(await response.json()).toEqual({ status: 200, data: { sent: true } });
    return setCookieOf(response, LINK_BROWSER_COOKIE);
  }
  const viewFrom = async (link: URL, cookie?: string) =>
    (await viewLink(t, link, cookie ? { Cookie: `${LINK_BROWSER_COOKIE}=${cookie}` } : {})).text();

  it("marks the asking browser with a short-lived HttpOnly cookie for the link's page only, the same for any address", async () => {
    const known = await askFrom("mark-one@example.com");
    expect(known?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(known?.attributes).toMatch(/HttpOnly/i);
    expect(known?.attributes).toMatch(/SameSite=Lax/i);
    expect(known?.attributes).toMatch(/Path=\/auth\/email\/callback/);
    expect(known?.attributes).toMatch(/Max-Age=600/);
    // A browser that already holds a mark keeps it, so every link it asks for matches it.
    expect((await askFrom("mark-two@example.com", known?.value))?.value).toBe(known?.value);
  });

  it("shows no warning in the browser that asked, and names the address in full", async () => {
    const mark = await askFrom("same-browser@example.com");
    const html = await viewFrom(await latestLinkFor(t, "same-browser@example.com"), mark?.value);
    expect(html).toContain('<strong class="email" data-testid="sign-in-address"><bdi>same-browser@example.com</bdi></strong>');
    expect(html).not.toContain(WARNING);
    expect(html).not.toContain('role="alert"');
  });

  it("warns in another browser (no mark, or another browser's), naming the address, and the button still signs in", async () => {
    await askFrom("forwarded@example.com");
    const link = await latestLinkFor(t, "forwarded@example.com");
    const other = await askFrom("someone-else@example.com");
    for (const cookie of [undefined, other?.value, "not-a-mark"]) {
      const html = await viewFrom(link, cookie);
      expect(html, String(cookie)).toContain(`<div class="warning" role="alert">\n<p><strong>${WARNING}</strong></p>`);
      expect(html).toContain(
        'If <strong class="email" data-testid="sign-in-address"><bdi>forwarded@example.com</bdi></strong> is not your address',
      );
    }
    const pressed = await openLink(t, link);
    expect(pressed.status).toBe(303);
    expect(setCookieOf(pressed, "token")).not.toBeNull();
  });

  it("warns in the mail's language", async () => {
    await askFrom("warn-de@example.com", undefined, "de");
    const html = await viewFrom(await latestLinkFor(t, "warn-de@example.com"));
    expect(html).toContain("Dieser Link wurde in einem anderen Browser angefordert.");
  });

  it("warns for a link mailed before browsers were marked (no mark sealed in it)", async () => {
    await askFrom("old-link@example.com");
    const link = await latestLinkFor(t, "old-link@example.com");
    const token = link.searchParams.get("token") ?? "";
    link.searchParams.set("s", seal(linkSealingKey(t.app.config), { redirect: "/", inviteCode: null }, hashToken(token)));
    const html = await viewFrom(link, "a".repeat(43));
    expect(html).toContain(WARNING);
  });
});

describe("e-mail link rate limits", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp();
  });
  afterAll(() => closeTestApp(limited));

  it("allows 5 links per address and 20 per client in 10 minutes", async () => {
    const ask = (email: string) => callApi(limited, "GET", "/api/getVerifyEmail", { params: { email } });
    for (let i = 0; i < 5; i++) expect((await ask("spam@example.com")).body.status).toBe(200);
    expect((await ask("spam@example.com")).body.status).toBe("RATE_LIMITED");
    for (let i = 0; i < 14; i++) expect((await ask(`other${i}@example.com`)).body.status).toBe(200);
    const { http, body } = await ask("one-more@example.com");
    expect(http).toBe(429);
    expect(body.status).toBe("RATE_LIMITED");
  });
});

describe("sign-in mails per mailbox per day", () => {
  let capped: TestApp;
  beforeAll(async () => {
    capped = await createTestApp({ EMAIL_LINK_ADDRESS_DAILY_LIMIT: "3" });
  });
  afterAll(() => closeTestApp(capped));

  const ask = (email: string) => callApi(capped, "GET", "/api/getVerifyEmail", { params: { email } });
  const mailsTo = async (email: string) => {
    await capped.app.mail.drain();
    return capped.app.mail.mailbox?.recent().filter((m) => m.to === email).length ?? 0;
  };
  const linksFor = (email: string) => capped.app.database.db.select().from(emailLinks).where(eq(emailLinks.email, email));

  it("past EMAIL_LINK_ADDRESS_DAILY_LIMIT, answers exactly as when sent but sends no mail and stores no link", async () => {
    // Three spellings of one Gmail mailbox use its daily allowance.
    const sent = [];
    for (const email of ["cap.me@gmail.com", "capme+1@gmail.com", "CAPME@googlemail.com"]) sent.push(await ask(email));
    for (const answer of sent) expect(answer).toEqual({ http: 200, body: { status: 200, data: { sent: true } } });
    expect(await mailsTo("cap.me@gmail.com")).toBe(1);
    expect(await mailsTo("capme+1@gmail.com")).toBe(1);
    expect(await mailsTo("capme@googlemail.com")).toBe(1);

    const past = await ask("c.a.p.m.e@gmail.com");
    expect(past).toEqual(sent[0]);
    expect(await mailsTo("c.a.p.m.e@gmail.com")).toBe(0);
    expect(await linksFor("c.a.p.m.e@gmail.com")).toHaveLength(0);
    expect(await ask("cap.me@gmail.com")).toEqual(sent[0]);
    expect(await mailsTo("cap.me@gmail.com")).toBe(1);

    // Another mailbox is not affected.
    expect(await ask("capme2@gmail.com")).toEqual(sent[0]);
    expect(await mailsTo("capme2@gmail.com")).toBe(1);
  });

  it("counts the daily cap per client first: one client using up a mailbox's mails does not stop the owner's own", async () => {
    const two = await createTestApp({ EMAIL_LINK_ADDRESS_DAILY_LIMIT: "2", EMAIL_LINK_MAILBOX_DAILY_LIMIT: "3" });
    try {
      // Requests as they arrive on a socket from a given peer (no proxy is trusted, so the peer is the client).
      const askFrom = async (email: string, remoteAddress: string) => {
        const request = await signedRequest("GET", "/api/getVerifyEmail", {
          key: two.app.config.CLIENT_SIGNING_KEY,
          params: { email },
        });
        const response = await two.server.request(request, undefined, {
          incoming: { socket: { remoteAddress, remoteFamily: "IPv4" } },
        });
        return response.json();
      };
      const mails = async () => {
        await two.app.mail.drain();
        return two.app.mail.mailbox?.recent().filter((m) => m.to === "victim@example.com").length ?? 0;
      };
      const ok = { status: 200, data: { sent: true } };
      // (Five asks in all: the 10-minute limit of 5 per mailbox is not what this test is about.)
      for (let i = 0; i < 3; i++) expect(await askFrom("victim@example.com", "198.51.100.7")).toEqual(ok);
      expect(await mails()).toBe(2);
      // The owner, from their own address, still gets a link: one more reaches the mailbox-wide cap of 3.
      expect(await askFrom("victim@example.com", "203.0.113.9")).toEqual(ok);
      expect(await mails()).toBe(3);
      // Past the mailbox-wide cap nobody gets one, with the same answer.
      expect(await askFrom("victim@example.com", "203.0.113.9")).toEqual(ok);
      expect(await mails()).toBe(3);
    } finally {
      await closeTestApp(two);
    }
  });

  it("the 10-minute limit of 5 also counts one mailbox, whatever its spelling", async () => {
    const spellings = [
      "ten.min@example.com",
      "ten.min+a@example.com",
      "ten.min+b@example.com",
      "Ten.Min@example.com",
      "ten.min+c@example.com",
    ];
    for (const email of spellings) expect((await ask(email)).body.status).toBe(200);
    const { http, body } = await ask("ten.min+d@example.com");
    expect(http).toBe(429);
    expect(body.status).toBe("RATE_LIMITED");
  });
});

describe("mail outside local mode", () => {
  it("refuses to start on a public origin without SMTP_URL, naming it", async () => {
    const env = { NODE_ENV: "production", LOG_LEVEL: "silent", PUBLIC_URL: "https://stickers.example", DATA_DIR: t.dataDir };
    await expect(bootAppContext(env, { pgliteDir: "memory://" })).rejects.toThrow(ConfigError);
    await expect(bootAppContext(env, { pgliteDir: "memory://" })).rejects.toThrow(/SMTP_URL/);
    const withSmtp = { ...env, SMTP_URL: "smtp://127.0.0.1:2525" };
    await expect(bootAppContext(withSmtp, { pgliteDir: "memory://" })).rejects.toThrow(/LINK_SEALING_KEY/);
  });

  it("serves no dev mailbox on a public origin", async () => {
    const publicApp = await createTestApp({ PUBLIC_URL: "https://stickers.example" });
    try {
      expect((await publicApp.server.request("/dev/mailbox")).status).toBe(404);
    } finally {
      await closeTestApp(publicApp);
    }
  });
});
