import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import type { AppEnv } from "./http/env.ts";
import { listen } from "./serve.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PORT: "0", HOST: "127.0.0.1", SHUTDOWN_GRACE_MS: "5000" });
});
afterAll(() => closeTestApp(t));

describe("graceful shutdown", () => {
  it("stops accepting, lets an in-flight request finish, then closes the database", async () => {
    const server = new Hono<AppEnv>();
    server.get("/slow", async (c) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      return c.text("finished");
    });
    const running = await listen(t.app, server, { draining: false });
    const inFlight = fetch(`http://127.0.0.1:${running.port}/slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopped = running.shutdown("test");
    const response = await inFlight;
    expect(await response.text()).toBe("finished");
    await stopped;
    await expect(fetch(`http://127.0.0.1:${running.port}/slow`)).rejects.toThrow();
    await expect(t.app.database.db.execute(sql`select 1`)).rejects.toThrow();
  });
});
