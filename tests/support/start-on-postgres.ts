import pg from "pg";

/** Playwright's second server: the built app on a fresh PostgreSQL database made from TEST_DATABASE_URL. */
const base = process.env.TEST_DATABASE_URL;
if (!base) throw new Error("TEST_DATABASE_URL is not set");
const name = "sticker_e2e";
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`drop database if exists ${name} with (force)`);
await admin.query(`create database ${name}`);
await admin.end();
const url = new URL(base);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();
await import("../../scripts/start.ts");
