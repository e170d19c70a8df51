import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { describeStorageContract } from "#tests/support/storage-contract.ts";
import { parseConfig } from "../config.ts";
import { createStorage } from "./create-storage.ts";
import { createLocalStorage } from "./local-storage.ts";

const folders: string[] = [];
async function tempFolder() {
  const folder = await mkdtemp(path.join(tmpdir(), "local-storage-"));
  folders.push(folder);
  return folder;
}

afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

describeStorageContract("local", async () => createLocalStorage(await tempFolder()));

describe("createStorage without S3_BUCKET", () => {
  it("keeps files in <dataDir>/files", async () => {
    const dataDir = await tempFolder();
    const storage = createStorage(parseConfig({ NODE_ENV: "test" }), dataDir);
    const body = randomBytes(64);
    await storage.put("abc123.png", body, "image/png");
    expect((await readFile(path.join(dataDir, "files", "abc123.png"))).equals(body)).toBe(true);
    expect((await storage.get("abc123.png"))?.body.equals(body)).toBe(true);
  });
});
