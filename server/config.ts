import { z } from "zod";

/**
 * The one place that reads `process.env` (STYLE.md §5). Parsed once at boot; a bad value stops the
 * process with a message naming the variable.
 */
const booleanish = z.enum(["true", "false", "1", "0", ""]).transform((value) => value === "true" || value === "1");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: z.url().default("http://localhost:3000"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Signs calls from signed-out pages. Public by nature (it ships in the page); see decision 0003. */
  CLIENT_SIGNING_KEY: z.string().min(16).default("sticker-studio-public-client-key-v2"),
  /** Skew allowed between the page's timestamp and the server clock (spec §7; 5 minutes). */
  SIGNATURE_MAX_SKEW_SECONDS: z.coerce.number().int().positive().default(300),
  SENTRY_DSN: z.url().optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//)
    .optional(),
  /** Runs the generation worker inside the web process (the embedded default). */
  WORKER_IN_PROCESS: booleanish.default(true),
  /** Grace period for in-flight requests on SIGTERM. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().nonnegative().default(10_000),
  SUPPORT_EMAIL: z.email().default("support@stickerstudio.app"),
  /** Community stickers the generator draws on first start (0 = none). */
  SEED_GALLERY_SIZE: z.coerce.number().int().min(0).max(5000).default(224),
  /** Seconds a process reuses a page of a public sticker list (0 = always read the database). */
  PUBLIC_LIST_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(5),
  /** Sign-in mail goes out over this SMTP server (smtp:// or smtps://); required outside local mode. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Sticker Studio <no-reply@stickerstudio.app>"),
  /** Seals the e-mail link's parameters (AES-256-GCM, key = SHA-256 of this); required outside local mode. */
  LINK_SEALING_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  /** Enables Google sign-in (the OAuth client id the ID tokens are issued to). */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  /** Google's signing keys; tests point it at a local JWKS. */
  GOOGLE_JWKS_URL: z.url().default("https://www.googleapis.com/oauth2/v3/certs"),
  /** Points every new user gets once (spec §1 `point`). */
  STARTING_POINTS: z.coerce.number().int().min(0).max(100_000).default(10),
  /** Points the new user and the inviter each get once for an invite. */
  INVITE_REWARD_POINTS: z.coerce.number().int().min(0).max(100_000).default(20),
});

export type Config = z.infer<typeof envSchema> & {
  /** PUBLIC_URL on localhost: local stand-ins (sandbox payments, dev mailbox) may run. */
  localMode: boolean;
  secure: boolean;
};

/** Empty strings count as unset, so `FOO=` in a .env file means "use the default". */
function withoutEmpty(env: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
}

export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(withoutEmpty(env));
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join("\n")}`);
  }
  const url = new URL(result.data.PUBLIC_URL);
  return {
    ...result.data,
    localMode: ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname),
    secure: url.protocol === "https:",
  };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}
