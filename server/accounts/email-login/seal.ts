import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { type Config, ConfigError } from "#server/config.ts";

/**
 * The e-mail link's sealed parameter (the spec's "encrypted token param", decision 0007): AES-256-GCM
 * over JSON, bound to the link token by the associated data, so neither the redirect nor the invite
 * code can be altered or moved to another link. Layout: base64url(iv 12 bytes | ciphertext | tag 16).
 */
const LOCAL_SEED = "sticker-studio-local-link-sealing-key";

/** The key from LINK_SEALING_KEY; derived from a fixed seed in local mode (and tests) only. */
export function linkSealingKey(config: Pick<Config, "LINK_SEALING_KEY" | "localMode">): Buffer {
  const secret = config.LINK_SEALING_KEY;
  if (!secret && !config.localMode) {
    throw new ConfigError("LINK_SEALING_KEY (at least 32 characters) is required when PUBLIC_URL is not localhost.");
  }
  return createHash("sha256")
    .update(secret ?? LOCAL_SEED)
    .digest();
}

export function seal(key: Buffer, payload: unknown, boundTo: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(boundTo));
  const body = Buffer.concat([cipher.update(JSON.stringify(payload), "utf8"), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url");
}

/** The sealed payload, or null when the value was altered, made with another key, or bound elsewhere. */
export function unseal(key: Buffer, sealed: string, boundTo: string): unknown {
  try {
    const raw = Buffer.from(sealed, "base64url");
    if (raw.length < 12 + 16 + 2) return null;
    const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    const text = Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString("utf8");
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
