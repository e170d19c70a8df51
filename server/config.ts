import { availableParallelism } from "node:os";
import { z } from "zod";
import { billingEnvShape } from "./billing/billing-options.ts";
import { ConfigError } from "./config-error.ts";
import { canonicalAddress, isLoopbackAddress, parseTrustProxy, type TrustProxy, TrustProxyError } from "./http/trust-proxy.ts";

/**
 * The one place that reads `process.env` (docs/ARCHITECTURE.md, "Config"). Parsed once at boot; a bad value stops the
 * process with a message naming the variable.
 */
const booleanish = z.enum(["true", "false", "1", "0", ""]).transform((value) => value === "true" || value === "1");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Where to listen: loopback in local mode, every interface otherwise (decision 0012). */
  HOST: z.string().min(1).optional(),
  /** The site's public origin; unset means local mode on http://localhost:{PORT}. */
  PUBLIC_URL: z.url().optional(),
  /** Proxies whose X-Forwarded-For is believed: a hop count or a comma list of addresses/CIDRs (decision 0012). */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context): TrustProxy => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        if (!(error instanceof TrustProxyError)) throw error;
        context.addIssue({ code: "custom", message: error.message });
        return z.NEVER;
      }
    }),
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
  /**
   * On SIGTERM: how long requests in flight may take to finish, and again how long a job in hand may
   * take before it goes back to the queue; the process exits by twice this plus 5 s (decision 0020).
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().nonnegative().default(10_000),
  /** When set, `/metrics` answers only `Authorization: Bearer <this>`; unset, only direct loopback requests. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** `npm run worker` serves its `/metrics` on this port (on HOST) when set; web processes serve theirs on PORT. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SUPPORT_EMAIL: z.email().default("support@stickerstudio.app"),
  /** Community stickers the generator draws on first start (0 = none). */
  SEED_GALLERY_SIZE: z.coerce.number().int().min(0).max(5000).default(224),
  /** The public packs first start draws with a gallery (decision 0049); false for a server that shows none. */
  SEED_PACKS: booleanish.default(true),
  /** Seconds a process reuses a page of a public sticker list (0 = always read the database). */
  PUBLIC_LIST_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(5),
  /**
   * Seconds a process reuses a visitor's rendered page (0 = off); a page may be served up to as long
   * again while one request renders it anew. At most 60, so the page's signing clock stays well inside
   * the signature's 5 minutes (decision 0021).
   */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  /**
   * What one client address may send per minute of the page's own background calls (RATE_LIMITED past
   * it): analytics events, Web Vitals reports (one per page view, decision 0054), and prompt readings
   * (the create panel asks once per pause in typing).
   */
  EVENT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  VITALS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  PROMPT_READINGS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Downloads and messenger exports one client may ask for per minute (RATE_LIMITED past it). */
  DOWNLOAD_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Pack exports one signed-in user may ask for per minute, from any address (RATE_LIMITED past it). */
  PACK_EXPORT_RATE_LIMIT_PER_USER: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Exports of one pack everyone together may ask for per minute (RATE_LIMITED past it; decision 0034). */
  PACK_EXPORT_RATE_LIMIT_PER_PACK: z.coerce.number().int().min(1).max(100_000).default(120),
  /** Minutes between the sweeps of stored exports, orphan uploads and old analytics events (0 = never; decision 0034). */
  SWEEP_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  /** Derived downloads and pack archives older than this many days are removed (made again on the next ask). */
  EXPORT_FILES_MAX_AGE_DAYS: z.coerce.number().min(0).max(3650).default(30),
  /** Megabytes the derived downloads and pack archives may fill together; past it the oldest are removed. */
  EXPORT_FILES_BUDGET_MB: z.coerce.number().min(0).max(10_000_000).default(2048),
  /** An upload no task uses is removed once it is this many hours old (a refused submit's photo). */
  ORPHAN_UPLOAD_MAX_AGE_HOURS: z.coerce.number().min(1).max(8760).default(24),
  /** Analytics events and page error reports are kept this many days. */
  EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Sign-in mail goes out over this SMTP server (smtp:// or smtps://); required outside local mode. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Sticker Studio <no-reply@stickerstudio.app>"),
  /** Seals the e-mail link's parameters (AES-256-GCM, key = SHA-256 of this); required outside local mode. */
  LINK_SEALING_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  /** Sign-in links one client address may ask for per 10 minutes (offices and schools share addresses). */
  EMAIL_LINK_CLIENT_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
  /**
   * Sign-in mails one mailbox gets per 24 hours from one client address, and from all clients together;
   * past either the call answers as usual and sends nothing.
   */
  EMAIL_LINK_ADDRESS_DAILY_LIMIT: z.coerce.number().int().min(1).max(1000).default(10),
  EMAIL_LINK_MAILBOX_DAILY_LIMIT: z.coerce.number().int().min(1).max(10_000).default(50),
  /** Enables Google sign-in (the OAuth client id the ID tokens are issued to). */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  /** Google's signing keys; tests point it at a local JWKS. */
  GOOGLE_JWKS_URL: z.url().default("https://www.googleapis.com/oauth2/v3/certs"),
  /**
   * Our Telegram bot (issue 28): "Add to Telegram", the bot in chats and inline mode. Without it the
   * pack page explains the Telegram zip instead. The Bot API's address is configurable (tests use a
   * local stand-in); the bot's username is asked of Telegram (getMe) unless given.
   */
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[A-Za-z0-9_-]{20,}$/, "must be a bot token from @BotFather")
    .optional(),
  TELEGRAM_API_URL: z.url().default("https://api.telegram.org"),
  TELEGRAM_BOT_USERNAME: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, "must be the bot's username without @")
    .optional(),
  /**
   * A chat the bot may post to (a private channel or group where it is an admin, id like -100…): inline
   * mode sends each public sticker it offers there once, to learn the file_id an answer must name.
   * Without it, inline answers offer only stickers the bot has already sent in chats.
   */
  TELEGRAM_CACHE_CHAT_ID: z
    .string()
    .regex(/^-?\d{1,20}$/, "must be a chat id (a channel's is -100…)")
    .transform(Number)
    .optional(),
  /** Points every new user gets once (spec §1 `point`). */
  STARTING_POINTS: z.coerce.number().int().min(0).max(100_000).default(10),
  /** Points the new user and the inviter each get once for an invite. */
  INVITE_REWARD_POINTS: z.coerce.number().int().min(0).max(100_000).default(20),
  /** Invite rewards one inviter earns per UTC day; invitees past it still get theirs (decision 0016). */
  INVITE_REWARDS_PER_DAY: z.coerce.number().int().min(0).max(10_000).default(5),
  /** Points a free user pays per sticker made from text, and from an image. */
  TEXT_GENERATION_COST: z.coerce.number().int().min(0).max(10_000).default(1),
  IMAGE_GENERATION_COST: z.coerce.number().int().min(0).max(10_000).default(2),
  /** Points a free user pays to make a sticker move (decision 0041); members count it in their day. */
  MOTION_COST: z.coerce.number().int().min(0).max(10_000).default(1),
  /** Stickers a member (a user with a plan) may make per UTC day instead of paying points. */
  MEMBER_DAILY_LIMIT: z.coerce.number().int().min(1).max(100_000).default(100),
  /**
   * "offline" draws on this machine; "openai" calls an OpenAI-compatible images API; "sleep" (benchmarks,
   * never with NODE_ENV=production) waits instead of drawing.
   */
  GENERATION_PROVIDER: z.enum(["offline", "openai", "sleep"]).default("offline"),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.url().default("https://api.openai.com/v1"),
  OPENAI_IMAGE_MODEL: z.string().min(1).default("gpt-image-1"),
  /** Milliseconds one hosted image request may take; a timed-out request fails the task (decision 0015). */
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(120_000),
  /** Uploaded pictures: largest file in bytes and largest picture in pixels. */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  UPLOAD_MAX_PIXELS: z.coerce.number().int().min(10_000).max(100_000_000).default(25_000_000),
  /** Uploads decoded at once in this process (default: its CPU count), and how many more may wait; past that, BUSY. */
  UPLOAD_DECODE_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(() => availableParallelism()),
  UPLOAD_DECODE_QUEUE: z.coerce.number().int().min(0).max(1000).default(4),
  /** Stickers animated at once in this process (off its event loop, decision 0041), and how many more may wait; past that, BUSY. */
  MOTION_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  MOTION_QUEUE: z.coerce.number().int().min(0).max(1000).default(8),
  /** Tasks a user may have waiting or running at once; the next submit answers TOO_MANY_TASKS (decision 0015). */
  TASKS_IN_FLIGHT_LIMIT: z.coerce.number().int().min(1).max(100).default(3),
  /** Generation jobs one process runs at once. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** A job whose worker stops sending heartbeats for this long is retried (pg-boss; at least 10). */
  QUEUE_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(600).default(30),
  /** How often the queue looks for jobs whose worker died. */
  QUEUE_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  /** Attempts after the first before a task fails and its points are refunded (hosted generation: at most 1, decision 0015). */
  QUEUE_RETRY_LIMIT: z.coerce.number().int().min(0).max(10).default(2),
  /** Stickers are stored in this S3-compatible bucket when set, else in DATA_DIR/files. */
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  /** An S3-compatible endpoint (MinIO, R2…); empty means AWS. */
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style addressing (most S3-compatible servers need it). */
  S3_FORCE_PATH_STYLE: booleanish.default(false),
  /** Stripe keys, plan prices, intro coupons and trial days (decision 0011); the sandbox runs without a key. */
  ...billingEnvShape,
});

export type Config = Omit<z.infer<typeof envSchema>, "HOST" | "PUBLIC_URL"> & {
  HOST: string;
  PUBLIC_URL: string;
  /** PUBLIC_URL on localhost: local stand-ins (sandbox payments, dev mailbox) may run, for loopback peers only. */
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
  const publicUrl = result.data.PUBLIC_URL ?? `http://localhost:${result.data.PORT}`;
  const url = new URL(publicUrl);
  const localMode = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  const host = result.data.HOST ?? (localMode ? "127.0.0.1" : "0.0.0.0");
  // Local mode must be chosen, not fallen into: listening beyond this machine needs a public origin.
  if (result.data.PUBLIC_URL === undefined && !isLoopbackHost(host)) {
    throw new ConfigError(
      `Invalid environment:\n  HOST: ${host} listens beyond this machine, so set PUBLIC_URL to the site's address ` +
        "(without PUBLIC_URL the server runs in local mode, with the dev mailbox and payments sandbox, on loopback only)",
    );
  }
  if (result.data.GENERATION_PROVIDER === "sleep" && result.data.NODE_ENV === "production") {
    throw new ConfigError(
      "Invalid environment:\n  GENERATION_PROVIDER: sleep draws nothing (benchmarks only), not with NODE_ENV=production",
    );
  }
  return { ...result.data, HOST: host, PUBLIC_URL: publicUrl, localMode, secure: url.protocol === "https:" };
}

function isLoopbackHost(host: string) {
  const address = canonicalAddress(host);
  return host === "localhost" || (address !== null && isLoopbackAddress(address));
}

export { ConfigError };
