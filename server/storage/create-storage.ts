import path from "node:path";
import { type Config, ConfigError } from "../config.ts";
import { createLocalStorage } from "./local-storage.ts";
import { createS3Storage } from "./s3-storage.ts";
import type { Storage } from "./storage.ts";

/** The local storage folder's name inside the data folder. */
export const LOCAL_FILES_FOLDER = "files";

/** The S3-compatible bucket when `S3_BUCKET` is set, else the local folder `<dataDir>/files`. */
export function createStorage(config: Config, dataDir: string): Storage {
  if (!config.S3_BUCKET) return createLocalStorage(path.join(dataDir, LOCAL_FILES_FOLDER));
  if ((config.S3_ACCESS_KEY_ID === undefined) !== (config.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or both left unset).");
  }
  return createS3Storage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    ...(config.S3_ENDPOINT === undefined ? {} : { endpoint: config.S3_ENDPOINT }),
    ...(config.S3_ACCESS_KEY_ID === undefined ? {} : { accessKeyId: config.S3_ACCESS_KEY_ID }),
    ...(config.S3_SECRET_ACCESS_KEY === undefined ? {} : { secretAccessKey: config.S3_SECRET_ACCESS_KEY }),
  });
}
