import { createPostgresDatabase } from "./postgres-database.ts";

/** Playwright's second server: the built app on a fresh PostgreSQL database made from TEST_DATABASE_URL. */
const base = process.env.TEST_DATABASE_URL;
if (!base) throw new Error("TEST_DATABASE_URL is not set");
process.env.DATABASE_URL = (await createPostgresDatabase(base, "sticker_e2e", { replace: true })).url;
await import("../../scripts/start.ts");
