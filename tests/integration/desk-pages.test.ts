import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffOfPage } from "#app/features/moderation/desk.server.ts";
import { users } from "#server/db/schema.ts";
import { grantRole } from "#server/moderation/grant-role.ts";
import { sessionCookieName } from "#server/sessions/session-cookie.ts";
import { engineName } from "#tests/support/engine.ts";
import { signInTestUser, type TestSession } from "#tests/support/stickers.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";

/** The moderation desk's pages (/admin, /admin/log) let staff in and answer 404 to everyone else (decision 0031). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => closeTestApp(t));

const request = (session?: TestSession) =>
  new Request("http://localhost/admin", {
    headers: session ? { Cookie: `${sessionCookieName(t.app.config)}=${session.token}` } : {},
  });

describe(`the desk's pages (${engineName})`, () => {
  it("answer 404 to a visitor, a plain user and a banned moderator (the desk is not revealed), and let staff in", async () => {
    const db = t.app.database.db;
    const plain = await signInTestUser(t, "plain@example.com");
    const moderator = await signInTestUser(t, "mod@example.com");
    const admin = await signInTestUser(t, "admin@example.com");
    const bannedMod = await signInTestUser(t, "banned-mod@example.com");
    await grantRole(db, { email: "mod@example.com", role: "moderator" });
    await grantRole(db, { email: "admin@example.com", role: "admin" });
    await grantRole(db, { email: "banned-mod@example.com", role: "moderator" });
    await db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, bannedMod.userId));
    for (const session of [undefined, plain, bannedMod]) {
      const refused = await staffOfPage(t.app, request(session)).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(Response);
      expect((refused as Response).status).toBe(404);
    }
    await expect(staffOfPage(t.app, request(moderator))).resolves.toEqual({ userId: moderator.userId, role: "moderator" });
    await expect(staffOfPage(t.app, request(admin))).resolves.toEqual({ userId: admin.userId, role: "admin" });
    // A role taken away by the script closes the desk at once.
    await grantRole(db, { email: "mod@example.com", role: "none" });
    expect(await staffOfPage(t.app, request(moderator)).catch((error: unknown) => (error as Response).status)).toBe(404);
  });
});
