import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, signInTestUser } from "#tests/support/stickers.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { feedback } from "../db/schema.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

const send = (body: unknown, options: Parameters<typeof callApi>[3] = {}) =>
  callApi(t, "POST", "/api/userFeedback", { body, ...options });

describe("POST /api/userFeedback (footer: Contact us)", () => {
  it("stores a visitor's message with the reply e-mail, the page and the caller's language", async () => {
    const { http, body } = await send(
      { content: "  Love the stickers!  ", email: "fan@example.com", page: "/fr/stickers/latest" },
      { language: "fr" },
    );
    expect(http).toBe(200);
    expect(body).toEqual({ status: 200, data: { received: true } });
    const [row] = await t.app.database.db.select().from(feedback).where(eq(feedback.email, "fan@example.com"));
    expect(row).toMatchObject({ content: "Love the stickers!", page: "/fr/stickers/latest", locale: "fr", userId: null });
  });

  it("stores a signed-in user's id with the message; an empty e-mail counts as none", async () => {
    const user = await signInTestUser(t, "member@example.com");
    expect((await send({ content: "from a member", email: "" }, { session: user })).body.status).toBe(200);
    const [row] = await t.app.database.db.select().from(feedback).where(eq(feedback.content, "from a member"));
    expect(row).toMatchObject({ userId: user.userId, email: null, page: null, locale: "en" });
  });

  it("answers an invalid e-mail, empty or over-long content, or a page that is not a path with INVALID_INPUT", async () => {
    const bad = [
      { content: "hi", email: "not-an-email" },
      { content: "hi", email: `${"a".repeat(250)}@example.com` },
      { content: "   " },
      { content: "x".repeat(2001) },
      { content: "hi", page: "https://elsewhere.example" },
      {},
    ];
    for (const input of bad) {
      const { http, body } = await send(input);
      expect(http, JSON.stringify(input).slice(0, 80)).toBe(400);
      expect(body.status).toBe("INVALID_INPUT");
    }
    expect((await send({ content: "x".repeat(2000) })).http).toBe(200);
  });
});

describe("feedback rate limit", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp();
  });
  afterAll(() => closeTestApp(limited));

  it("accepts 5 messages per client address in 10 minutes, then answers RATE_LIMITED (429)", async () => {
    for (let i = 0; i < 5; i++) {
      const { body } = await callApi(limited, "POST", "/api/userFeedback", { body: { content: `message ${i}` } });
      expect(body.status).toBe(200);
    }
    const { http, body } = await callApi(limited, "POST", "/api/userFeedback", { body: { content: "one too many" } });
    expect(http).toBe(429);
    expect(body.status).toBe("RATE_LIMITED");
    expect(await limited.app.database.db.select().from(feedback)).toHaveLength(5);
  });
});
