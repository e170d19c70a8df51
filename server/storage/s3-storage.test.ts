import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeStorageContract } from "#tests/support/storage-contract.ts";
import { ConfigError, parseConfig } from "../config.ts";
import { createStorage } from "./create-storage.ts";

const BUCKET = "stickers";
// s3rver checks request signatures against these fixed credentials.
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

const folders: string[] = [];
const running: S3rver[] = [];

/** A local S3-compatible server on a random port, with the sticker bucket made. */
async function startS3() {
  const directory = await mkdtemp(path.join(tmpdir(), "s3-storage-"));
  folders.push(directory);
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  running.push(server);
  return { server, endpoint: `http://127.0.0.1:${port}` };
}

function s3Env(endpoint: string, overrides: Record<string, string | undefined> = {}) {
  return {
    NODE_ENV: "test",
    S3_BUCKET: BUCKET,
    S3_REGION: "us-east-1",
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
    ...overrides,
  };
}

let endpoint: string;
/** Handed to createStorage like boot does; S3 storage must leave it empty. */
let dataDirectory: string;
const dataDir = () => dataDirectory;

beforeAll(async () => {
  ({ endpoint } = await startS3());
  dataDirectory = await mkdtemp(path.join(tmpdir(), "s3-storage-data-"));
  folders.push(dataDirectory);
});

afterAll(async () => {
  await Promise.all(running.splice(0).map((server) => server.close().catch(() => undefined)));
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

describeStorageContract("S3", () => createStorage(parseConfig(s3Env(endpoint)), dataDir()));

describe("S3 storage", () => {
  it("stores objects in the bucket with their type and a long immutable cache", async () => {
    const storage = createStorage(parseConfig(s3Env(endpoint)), dataDir());
    await storage.put("cached1.webp", randomBytes(100), "image/webp");

    const client = new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true, credentials: CREDENTIALS });
    const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: "cached1.webp" }));
    client.destroy();
    expect(head.ContentType).toBe("image/webp");
    expect(head.CacheControl).toBe("public, max-age=31536000, immutable");
    expect(head.ContentLength).toBe(100);
    expect(await readdir(dataDir())).toEqual([]);
  });

  it("does not take a stopped server for a missing file", async () => {
    const own = await startS3();
    const storage = createStorage(parseConfig(s3Env(own.endpoint)), dataDir());
    await storage.put("kept1.png", randomBytes(10), "image/png");
    expect(await storage.has("kept1.png")).toBe(true);

    await own.server.close();
    running.splice(running.indexOf(own.server), 1);
    await expect(storage.get("kept1.png")).rejects.toThrow();
    await expect(storage.has("kept1.png")).rejects.toThrow();
    await expect(storage.put("kept2.png", randomBytes(10), "image/png")).rejects.toThrow();
  });

  it("does not take a missing bucket for a missing file", async () => {
    const storage = createStorage(parseConfig(s3Env(endpoint, { S3_BUCKET: "no-such-bucket" })), dataDir());
    await expect(storage.get("abc.png")).rejects.toMatchObject({ name: "NoSuchBucket" });
    await expect(storage.put("abc.png", randomBytes(10), "image/png")).rejects.toMatchObject({
      name: "NoSuchBucket",
    });
  });

  it("refuses to start with only half of the credentials", () => {
    const config = parseConfig(s3Env(endpoint, { S3_SECRET_ACCESS_KEY: undefined }));
    expect(() => createStorage(config, dataDir())).toThrow(ConfigError);
  });
});
