import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { contentTypeOf, STORAGE_KEY_PATTERN, type Storage, type StoredEntry } from "./storage.ts";

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2…); absent means AWS. */
  endpoint?: string;
  /** Both or neither; without them the SDK's default chain (env, profile, instance role) applies. */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** Stored objects never change (content-hashed keys), so any cache may keep them for a year. */
const CACHE_CONTROL = "public, max-age=31536000, immutable";

/** Files in an S3-compatible bucket, one object per key at the bucket's root. */
export function createS3Storage(options: S3StorageOptions): Storage {
  const { bucket } = options;
  const client = new S3Client(clientConfig(options));
  const checkKey = (key: string) => {
    if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`);
  };
  return {
    async put(key, body, contentType) {
      checkKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: CACHE_CONTROL,
        }),
      );
    },
    async get(key) {
      if (!STORAGE_KEY_PATTERN.test(key)) return null;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!answer.Body) return null;
        const body = Buffer.from(await answer.Body.transformToByteArray());
        return { body, contentType: answer.ContentType ?? contentTypeOf(key) };
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },
    async has(key) {
      if (!STORAGE_KEY_PATTERN.test(key)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissingObject(error)) return false;
        throw error;
      }
    },
    async *list(prefix): AsyncIterable<StoredEntry> {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: prefix,
            ...(token === undefined ? {} : { ContinuationToken: token }),
          }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key === undefined || !STORAGE_KEY_PATTERN.test(object.Key)) continue;
          yield { key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token !== undefined);
    },
    async delete(key) {
      checkKey(key);
      // S3 answers a delete of a missing key with success.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}

function clientConfig(options: S3StorageOptions): S3ClientConfig {
  const { accessKeyId, secretAccessKey } = options;
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new Error("S3 access key id and secret access key must be given together");
  }
  return {
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    // Without a socket timeout a stalled bucket would hold a /files request forever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    ...(options.endpoint === undefined
      ? {}
      : {
          endpoint: options.endpoint,
          // Many S3-compatible servers reject the SDK's default extra checksums; send them only when required.
          requestChecksumCalculation: "WHEN_REQUIRED",
          responseChecksumValidation: "WHEN_REQUIRED",
        }),
    ...(accessKeyId !== undefined && secretAccessKey !== undefined ? { credentials: { accessKeyId, secretAccessKey } } : {}),
  };
}

/**
 * A missing object: GetObject answers NoSuchKey, HeadObject a bodiless 404 (NotFound). A missing
 * bucket is a configuration fault and propagates (HEAD cannot tell it apart, so `has` says false).
 */
function isMissingObject(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  if (error.name === "NoSuchKey" || error.name === "NotFound") return true;
  return error.$metadata.httpStatusCode === 404 && error.name !== "NoSuchBucket";
}
