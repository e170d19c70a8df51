/**
 * One process at a time on a PGlite folder (decision 0038): PGlite itself lets a second process open
 * the folder, and two writers corrupt it, so whoever opens it first holds `<folder>.lock`.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holdDataFolderInChild } from "#tests/support/data-folder.ts";
import { openDatabase, pgliteFolderOf } from "./client.ts";
import { commandOfThisProcess, FolderInUseError, lockFileOf } from "./pglite-folder-lock.ts";

let root = "";
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "sticker-lock-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A data folder of its own per test, made by the first process that opens it. */
const freshDataDir = (name: string) => path.join(root, name);

describe("holding the embedded database's folder", () => {
  it("turns a second process away while the first runs, naming it, and lets it in once the first stopped", async () => {
    const dataDir = freshDataDir("two-processes");
    const holder = await holdDataFolderInChild(dataDir, { npm_lifecycle_event: "start" });
    try {
      const second = openDatabase({ pgliteDir: pgliteFolderOf(dataDir) });
      await expect(second).rejects.toThrow(FolderInUseError);
      await expect(second).rejects.toThrow(`in use by npm start (pid ${holder.pid}`);
    } finally {
      await holder.stop();
    }
    expect(existsSync(lockFileOf(pgliteFolderOf(dataDir)))).toBe(false);
    const database = await openDatabase({ pgliteDir: pgliteFolderOf(dataDir) });
    await database.ping();
    await database.close();
  }, 120_000);

  it("takes over the folder of a process that died holding it (kill -9)", async () => {
    const dataDir = freshDataDir("crashed");
    const holder = await holdDataFolderInChild(dataDir);
    await holder.kill();
    const lockFile = lockFileOf(pgliteFolderOf(dataDir));
    expect(JSON.parse(await readFile(lockFile, "utf8")).pid).toBe(holder.pid);
    const database = await openDatabase({ pgliteDir: pgliteFolderOf(dataDir) });
    expect(JSON.parse(await readFile(lockFile, "utf8")).pid).toBe(process.pid);
    await database.close();
    expect(existsSync(lockFile)).toBe(false);
  }, 120_000);

  it("refuses a second open in the same process, and a half-written lock holds nobody", async () => {
    const dataDir = freshDataDir("same-process");
    const first = await openDatabase({ pgliteDir: pgliteFolderOf(dataDir) });
    await expect(openDatabase({ pgliteDir: pgliteFolderOf(dataDir) })).rejects.toThrow(FolderInUseError);
    await first.close();
    await writeFile(lockFileOf(pgliteFolderOf(dataDir)), '{"pid":');
    const again = await openDatabase({ pgliteDir: pgliteFolderOf(dataDir) });
    await again.close();
  }, 120_000);

  it("names the holder by its npm script, else by its script file", () => {
    expect(commandOfThisProcess({ npm_lifecycle_event: "start" }, [])).toBe("npm start");
    expect(commandOfThisProcess({ npm_lifecycle_event: "backup" }, [])).toBe("npm run backup");
    expect(commandOfThisProcess({}, ["node", path.join(process.cwd(), "scripts/grant-role.ts")])).toBe(
      "node scripts/grant-role.ts",
    );
  });
});
