/**
 * `npm run backup` and `npm run restore` on the embedded default (decision 0038): a data folder made by
 * the real services (sign-in, the sticker queue, points bought in the payments sandbox, favourites,
 * a cached download) goes into one archive and comes back identical — every row of every table, every
 * stored file's bytes, the sandbox's state — and the restored app serves it. The refusals: the app
 * still running, a data folder that holds data (without --force), archives that are not whole backups.
 */
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANNUAL_PLAN_ID } from "#common/plans.ts";
import { TASK_STATUS } from "#common/tasks.ts";
import { signInByEmail } from "#tests/support/accounts.ts";
import { holdDataFolderInChild, rowsOfEveryTable, runScript } from "#tests/support/data-folder.ts";
import { callApi } from "#tests/support/stickers.ts";
import { waitForTask } from "#tests/support/tasks.ts";
import type { TestApp } from "#tests/support/test-app.ts";
import { createServerApp } from "../app.ts";
import { SANDBOX_STATE_FILE } from "../billing/billing-options.ts";
import { buyPoints } from "../billing/buy-points.ts";
import { subscribe } from "../billing/subscribe.ts";
import { bootAppContext } from "../boot.ts";
import { openDatabase, pgliteFolderOf } from "../db/client.ts";
import { subscriptions } from "../db/schema.ts";
import { createOfflineProvider } from "../generation/index.ts";
import { seedDatabase } from "../seed/seed-database.ts";
import { LOCAL_FILES_FOLDER } from "../storage/create-storage.ts";
import { startTaskWorkers } from "../tasks/task-worker.ts";
import { backUp } from "./back-up.ts";
import { BackupError, type BackupSite } from "./backup-site.ts";
import { type BackupManifest, MANIFEST_ENTRY } from "./manifest.ts";
import { restoreBackup } from "./restore-backup.ts";
import { readTar, type TarEntryToWrite, writeTar } from "./tar.ts";

let root = "";
/** The site the suite backs up, and its archive. */
let dataDir = "";
let archive = "";
let backupRun: { code: number; stdout: string; stderr: string };
let before: { tables: Record<string, string[]>; files: Record<string, string> };
const made = { stickerInstId: "", imageUrl: "", picId: "", aliceId: 0, alicePoints: 0, bobSubscription: "" };

interface DiskApp extends TestApp {
  close(): Promise<void>;
}

/** The app as `npm start` boots it on `dir`: PGlite on disk, files in `dir/files`, the payments sandbox. */
async function bootOnDisk(dir: string): Promise<DiskApp> {
  const app = await bootAppContext({
    LOG_LEVEL: "silent",
    NODE_ENV: "test",
    DATA_DIR: dir,
    PUBLIC_LIST_CACHE_SECONDS: "0",
    PAGE_CACHE_SECONDS: "0",
  });
  const server = createServerApp(app, {
    renderPage: async () => new Response("<!doctype html><p>page</p>", { headers: { "Content-Type": "text/html" } }),
  });
  return {
    app,
    server,
    dataDir: dir,
    close: async () => {
      await app.tasks.stop();
      await app.database.close();
    },
  };
}

/** The data folder as the next start would find it: all rows, and each stored file's sha256. */
async function snapshot(dir: string) {
  const database = await openDatabase({ pgliteDir: pgliteFolderOf(dir) });
  let tables: Record<string, string[]>;
  try {
    const client = database.pglite!;
    tables = await rowsOfEveryTable(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  } finally {
    await database.close();
  }
  const files: Record<string, string> = {};
  const folder = path.join(dir, LOCAL_FILES_FOLDER);
  for (const name of existsSync(folder) ? (await readdir(folder)).sort() : []) {
    files[name] = createHash("sha256")
      .update(await readFile(path.join(folder, name)))
      .digest("hex");
  }
  return { tables, files };
}

const site = (dir: string): BackupSite => ({ dataDir: dir, postgres: false });
const checkoutIdOf = (url: string) => url.split("/").pop() as string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "sticker-backup-"));
  dataDir = path.join(root, "site");
  const live = await bootOnDisk(dataDir);
  const workers = await startTaskWorkers(live.app);
  try {
    // First start: styles with their previews, prompts, tips, a small gallery.
    await seedDatabase(live.app, createOfflineProvider(), { gallerySize: 2 });
    const alice = await signInByEmail(live, "alice@example.com");
    made.aliceId = alice.userId;
    // Points bought in the payments sandbox, then spent on a sticker the queue makes.
    const bought = await buyPoints(live.app, alice.userId, "points-50");
    await live.app.billing.sandbox!.pay(checkoutIdOf(bought));
    const submit = await callApi(live, "POST", "/api/aitask/submitGenerateText", {
      body: { prompt: "a cat with a balloon" },
      session: alice,
    });
    expect(submit.http).toBe(200);
    const done = await waitForTask(live, alice, submit.body.data.taskId);
    expect(done.status).toBe(TASK_STATUS.success);
    made.stickerInstId = done.stickers[0].stickerInstId;
    made.imageUrl = done.stickers[0].imageUrl;
    made.picId = done.stickers[0].picId.id;
    const gallery = await callApi(live, "GET", "/api/square/pageByTag", {
      params: { tagId: "1", sortBy: "id", page: "1", size: "24" },
    });
    const other = gallery.body.data.list.find((item: { stickerInstId: string }) => item.stickerInstId !== made.stickerInstId);
    expect(
      (await callApi(live, "POST", "/api/favorite", { body: { stickerInstId: other.stickerInstId }, session: alice })).body
        .status,
    ).toBe(200);
    const me = await callApi(live, "GET", "/api/user/refreshUserInfo", { session: alice });
    made.alicePoints = me.body.data.point;
    // A plan in the sandbox: its state lives in the data folder, beside the database.
    const bob = await signInByEmail(live, "bob@example.com");
    const checkout = await subscribe(live.app, bob.userId, { plan: ANNUAL_PLAN_ID });
    await live.app.billing.sandbox!.pay(checkoutIdOf(checkout as string));
    await live.app.billing.sandbox!.drain();
    const [plan] = await live.app.database.db.select().from(subscriptions).where(eq(subscriptions.userId, bob.userId));
    made.bobSubscription = plan!.providerSubscriptionId;
    // A derived download: a cache the backup leaves out.
    const download = await live.server.request(`/files/download/${made.picId}`);
    expect(download.status).toBe(200);
  } finally {
    await workers.stop();
    await live.close();
  }
  before = await snapshot(dataDir);
  archive = path.join(root, "backup.tar.gz");
  backupRun = await runScript("backup", [archive], dataDir);
}, 300_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("npm run backup and npm run restore", () => {
  it("round trip: the restored data folder holds every row, file and the sandbox's state, and the app serves them", async () => {
    expect(backupRun.stderr).toBe("");
    expect(backupRun.code).toBe(0);
    expect(backupRun.stdout).toContain(`Wrote ${archive}`);
    expect(backupRun.stdout).toMatch(/Left out 1 cached file \(derived downloads and pack archives, [\d.]+ KB\)/);
    expect(Object.keys(before.files).some((name) => name.startsWith("derived-"))).toBe(true);
    expect(before.tables["public.stickers"]!.length).toBeGreaterThanOrEqual(3);
    expect(before.tables["public.users"]).toHaveLength(2);
    expect(before.tables["public.favorites"]).toHaveLength(1);
    expect(before.tables["public.points_ledger"]!.length).toBeGreaterThanOrEqual(2);
    const sandboxState = await readFile(path.join(dataDir, SANDBOX_STATE_FILE), "utf8");

    // The disk is lost: database, files and sandbox state.
    await rm(pgliteFolderOf(dataDir), { recursive: true });
    await rm(path.join(dataDir, LOCAL_FILES_FOLDER), { recursive: true });
    await rm(path.join(dataDir, SANDBOX_STATE_FILE));

    const restored = await runScript("restore", [archive], dataDir);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`Restored ${archive}`);
    const after = await snapshot(dataDir);
    expect(after.tables).toEqual(before.tables);
    const kept = Object.fromEntries(Object.entries(before.files).filter(([name]) => !name.startsWith("derived-")));
    expect(after.files).toEqual(kept);
    expect(await readFile(path.join(dataDir, SANDBOX_STATE_FILE), "utf8")).toBe(sandboxState);
    expect(
      (await readdir(dataDir)).filter((name) => name.startsWith(".restoring-") || name.startsWith("before-restore-")),
    ).toEqual([]);

    const app = await bootOnDisk(dataDir);
    try {
      const image = await app.server.request(made.imageUrl);
      expect(image.status).toBe(200);
      const key = made.imageUrl.replace(/^\/files\//, "");
      expect(Object.keys(kept)).toContain(key);
      const served = createHash("sha256")
        .update(Buffer.from(await image.arrayBuffer()))
        .digest("hex");
      expect(served).toBe(before.files[key]);
      const sticker = await callApi(app, "GET", "/api/sticker/get", { params: { stickerInstId: made.stickerInstId } });
      expect(sticker.body.data.stickerInstId).toBe(made.stickerInstId);
      // The session survived too: Alice is still signed in, with her points.
      const alice = await signInByEmail(app, "alice@example.com");
      expect(alice.userId).toBe(made.aliceId);
      const me = await callApi(app, "GET", "/api/user/refreshUserInfo", { session: alice });
      expect(me.body.data.point).toBe(made.alicePoints);
      // The left-out cache is made again on the next ask.
      expect((await app.server.request(`/files/download/${made.picId}`)).status).toBe(200);
      // The sandbox remembers Bob's plan; a new account gets an id of its own.
      expect(await app.app.billing.provider.retrieveSubscription(made.bobSubscription)).toMatchObject({
        id: made.bobSubscription,
        status: "trialing",
      });
      const carol = await signInByEmail(app, "carol@example.com");
      expect(carol.userId).toBeGreaterThan(made.aliceId);
    } finally {
      await app.close();
    }
  }, 300_000);

  it("refuses to back up or restore while the app runs, and says to stop it first", async () => {
    const holder = await holdDataFolderInChild(dataDir, { npm_lifecycle_event: "start" });
    try {
      const other = path.join(root, "while-running.tar.gz");
      const backup = await runScript("backup", [other], dataDir);
      expect(backup.code).toBe(1);
      expect(backup.stderr).toContain(`Stop the app first (npm start is running: pid ${holder.pid}`);
      expect(existsSync(other)).toBe(false);
      expect(existsSync(`${other}.partial`)).toBe(false);
      const restore = await runScript("restore", [archive, "--force"], dataDir);
      expect(restore.code).toBe(1);
      expect(restore.stderr).toContain(`Stop the app first (npm start is running: pid ${holder.pid}`);
    } finally {
      await holder.stop();
    }
  }, 120_000);

  it("leaves a data folder that holds data alone without --force; with it, moves that data aside and restores", async () => {
    // After the round trip the folder holds Carol, whom the archive does not know.
    const current = await snapshot(dataDir);
    expect(current.tables["public.users"]).toHaveLength(3);
    const refused = await runScript("restore", [archive], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /already holds data \(pglite, files, billing-sandbox\.json\): a restore would replace it\. Run it again with --force/,
    );
    expect(await snapshot(dataDir)).toEqual(current);

    const forced = await runScript("restore", [archive, "--force"], dataDir);
    expect(forced.code).toBe(0);
    const aside = (await readdir(dataDir)).find((name) => name.startsWith("before-restore-"));
    expect(aside).toBeDefined();
    expect(forced.stdout).toContain(`The data it replaced is in ${path.join(dataDir, aside!)}`);
    expect((await snapshot(dataDir)).tables).toEqual(before.tables);
    // Nothing was deleted: the replaced data is whole in the folder aside.
    expect(await snapshot(path.join(dataDir, aside!))).toEqual(current);
  }, 180_000);

  describe("archives that are not whole backups are refused, and nothing changes", () => {
    let target = "";
    beforeAll(async () => {
      target = path.join(root, "empty-target");
      await mkdir(target, { recursive: true });
    });

    async function expectRefused(file: string, message: RegExp) {
      await expect(restoreBackup(site(target), file)).rejects.toThrow(BackupError);
      await expect(restoreBackup(site(target), file)).rejects.toThrow(message);
      // No database, no files, no half-unpacked folder.
      expect((await readdir(target)).filter((name) => !name.endsWith(".lock"))).toEqual([]);
    }

    /** A copy of the suite's archive, changed by `change` (entries pass through as they are unless it replaces them). */
    async function alteredArchive(
      name: string,
      change: (manifest: BackupManifest) => BackupManifest,
      extra: TarEntryToWrite[] = [],
    ): Promise<string> {
      const file = path.join(root, name);
      async function* entries(): AsyncGenerator<TarEntryToWrite> {
        const source = createReadStream(archive).pipe(createGunzip());
        for await (const entry of readTar(source)) {
          if (entry.path === MANIFEST_ENTRY) {
            const chunks: Buffer[] = [];
            for await (const chunk of entry.body) chunks.push(chunk);
            const text = Buffer.from(JSON.stringify(change(JSON.parse(Buffer.concat(chunks).toString()) as BackupManifest)));
            yield { path: entry.path, type: "file", size: text.length, body: text };
          } else {
            yield { path: entry.path, type: entry.type, size: entry.size, body: entry.body };
          }
        }
        yield* extra;
      }
      await pipeline(Readable.from(writeTar(entries())), createGzip(), createWriteStream(file));
      return file;
    }

    it("something that is not gzip at all", async () => {
      const file = path.join(root, "noise.tar.gz");
      await writeFile(file, Buffer.from("these are not the bytes of a backup"));
      await expectRefused(file, /is not a Sticker Studio backup, or it is damaged: not a whole gzip file/);
    });

    it("an archive cut short", async () => {
      const file = path.join(root, "cut.tar.gz");
      await copyFile(archive, file);
      await truncate(file, Math.floor((await readFile(archive)).length / 2));
      await expectRefused(file, /is not a Sticker Studio backup, or it is damaged/);
    });

    it("a manifest that promises rows the database does not hold", async () => {
      const file = await alteredArchive("lying.tar.gz", (manifest) => ({
        ...manifest,
        database: {
          ...manifest.database,
          tables: { ...manifest.database.tables, users: (manifest.database.tables.users ?? 0) + 1 },
        },
      }));
      await expectRefused(
        file,
        /its database does not hold what its manifest says \(users: 3 in the manifest, 2 in the database\)/,
      );
    }, 60_000);

    it("an entry whose name would leave the data folder", async () => {
      const evil = Buffer.from("evil");
      const file = await alteredArchive("escape.tar.gz", (manifest) => manifest, [
        { path: "files/../../evil.png", type: "file", size: evil.length, body: evil },
      ]);
      await expectRefused(file, /an unexpected name files\/\.\.\/\.\.\/evil\.png/);
      expect(existsSync(path.join(root, "evil.png"))).toBe(false);
    }, 60_000);

    it("a backup made by a newer version of the app", async () => {
      const file = await alteredArchive("newer.tar.gz", (manifest) => ({
        ...manifest,
        app: { version: "9.0.0" },
        migrations: { applied: manifest.migrations.applied + 1, last: "9999_future", lastWhen: manifest.migrations.lastWhen + 1 },
      }));
      await expectRefused(
        file,
        /was made by a newer Sticker Studio \(9\.0\.0, migration 9999_future\).*Update the app, then restore/,
      );
    }, 60_000);

    it("a file that is not there", async () => {
      await expectRefused(path.join(root, "missing.tar.gz"), /no such file/);
    });
  });

  it("backs up nothing where there is no database, and points PostgreSQL to pg_dump", async () => {
    const empty = path.join(root, "no-database");
    await expect(backUp(site(empty))).rejects.toThrow(/There is no database in .* to back up/);
    await expect(backUp({ dataDir, postgres: true })).rejects.toThrow(/pg_dump \/ pg_restore as docs\/deploy\.md/);
    await expect(restoreBackup({ dataDir, postgres: true }, archive)).rejects.toThrow(/pg_dump \/ pg_restore/);
  });
});
