/**
 * The one error model (docs/ARCHITECTURE.md, "Errors"): a code names what went wrong, maps to an HTTP
 * status, and to a catalog key whose translation travels in the envelope's `msg` and becomes the
 * page's toast.
 */
export const ERRORS = {
  AUTH_ERROR: { http: 401, key: "errors.authError" },
  INVALID_INPUT: { http: 400, key: "errors.invalidInput" },
  MALFORMED_JSON: { http: 400, key: "errors.invalidInput" },
  SIGNATURE_MISSING: { http: 401, key: "catchMessage.IllegaRequest" },
  SIGNATURE_INVALID: { http: 401, key: "catchMessage.IllegaRequest" },
  SIGNATURE_STALE: { http: 401, key: "catchMessage.IllegaRequest" },
  UNSUPPORTED_VERSION: { http: 400, key: "catchMessage.IllegaRequest" },
  NO_PERMISSION: { http: 403, key: "errors.noPermission" },
  NOT_FOUND: { http: 404, key: "errors.notFound" },
  API_NOT_FOUND: { http: 404, key: "errors.apiNotFound" },
  METHOD_NOT_ALLOWED: { http: 405, key: "errors.apiNotFound" },
  PAYLOAD_TOO_LARGE: { http: 413, key: "errors.payloadTooLarge" },
  RATE_LIMITED: { http: 429, key: "errors.rateLimited" },
  /** An analytics event whose details pass EVENT_PROPS_MAX_BYTES (decision 0034); `{{limit}}` is filled in. */
  EVENT_TOO_LARGE: { http: 413, key: "errors.eventTooLarge" },
  SERVICE_UNAVAILABLE: { http: 503, key: "errors.unavailable" },
  INTERNAL_ERROR: { http: 500, key: "errors.internal" },
  NOT_ENOUGH_POINTS: { http: 402, key: "errors.notEnoughPoints" },
  GOOGLE_DISABLED: { http: 404, key: "errors.googleDisabled" },
  GOOGLE_TOKEN_INVALID: { http: 401, key: "errors.googleTokenInvalid" },
  EMAIL_LINK_INVALID: { http: 403, key: "errors.emailLinkExpired" },
  /** A display name must be 1 to DISPLAY_NAME_MAX_LENGTH characters after trimming, without control characters (decision 0036). */
  DISPLAY_NAME_INVALID: { http: 400, key: "errors.displayNameInvalid" },
  PROMPT_EMPTY: { http: 400, key: "errors.promptEmpty" },
  PROMPT_TOO_LONG: { http: 400, key: "errors.promptTooLong" },
  PROMPT_BLOCKED: { http: 400, key: "errors.promptBlocked" },
  STYLE_NOT_FOUND: { http: 400, key: "errors.styleNotFound" },
  DAILY_LIMIT_REACHED: { http: 429, key: "errors.dailyLimitReached" },
  UPLOAD_MISSING: { http: 400, key: "errors.uploadMissing" },
  UPLOAD_TOO_LARGE: { http: 413, key: "errors.uploadTooLarge" },
  UPLOAD_UNSUPPORTED_TYPE: { http: 415, key: "errors.uploadUnsupportedType" },
  UPLOAD_TOO_MANY_PIXELS: { http: 422, key: "errors.uploadTooManyPixels" },
  UPLOAD_UNREADABLE: { http: 422, key: "errors.uploadUnreadable" },
  TASK_NOT_FOUND: { http: 404, key: "errors.taskNotFound" },
  /** Every upload decoding slot and waiting place is taken (decision 0015); the answer carries Retry-After. */
  BUSY: { http: 503, key: "errors.busy" },
  /** The user already has TASKS_IN_FLIGHT_LIMIT tasks waiting or running. */
  TOO_MANY_TASKS: { http: 429, key: "errors.tooManyTasks" },
  /** A user with no plan chose the free plan (spec §5). */
  ALREADY_FREE: { http: 409, key: "errors.alreadyFree" },
  /** The chosen plan is the current one. */
  PLAN_UNCHANGED: { http: 409, key: "errors.planUnchanged" },
  /** The billing portal needs a customer: the user never subscribed. */
  NO_SUBSCRIPTION: { http: 404, key: "errors.noSubscription" },
  /** Point packs are for free users; members create within their daily limit. */
  POINTS_FOR_FREE_USERS: { http: 409, key: "errors.pointsForFreeUsers" },
  /** A payment webhook whose signature, body or timestamp does not check out. */
  WEBHOOK_SIGNATURE_INVALID: { http: 400, key: "errors.webhookSignatureInvalid" },
  /** A sandbox checkout that was already paid or declined. */
  CHECKOUT_CLOSED: { http: 409, key: "errors.checkoutClosed" },
  /** The payment provider could not be reached or refused the request. */
  PAYMENT_PROVIDER_ERROR: { http: 502, key: "errors.paymentProviderError" },
  /** No such pack, or a private pack asked for by anyone but its owner (decision 0024). */
  PACK_NOT_FOUND: { http: 404, key: "errors.packNotFound" },
  /** A pack's name must be 1 to PACK_NAME_MAX_LENGTH characters after trimming. */
  PACK_NAME_INVALID: { http: 400, key: "errors.packNameInvalid" },
  /** The pack already holds PACK_MAX_STICKERS stickers. */
  PACK_FULL: { http: 409, key: "errors.packFull" },
  /** A sticker the caller may not add: not theirs, or another's that is not public (or gone). */
  PACK_STICKER_NOT_FOUND: { http: 404, key: "errors.packStickerNotFound" },
  /** One to three emoji per sticker. */
  PACK_EMOJI_INVALID: { http: 400, key: "errors.packEmojiInvalid" },
  /** A reorder that does not name exactly the pack's stickers (it changed meanwhile). */
  PACK_CHANGED: { http: 409, key: "errors.packChanged" },
  /** An export of a pack without stickers. */
  PACK_EMPTY: { http: 409, key: "errors.packEmpty" },
  /** WhatsApp takes WHATSAPP_PACK_MIN to WHATSAPP_PACK_MAX stickers in a pack. */
  PACK_TOO_SMALL_FOR_WHATSAPP: { http: 409, key: "errors.packTooSmallForWhatsapp" },
  PACK_TOO_LARGE_FOR_WHATSAPP: { http: 409, key: "errors.packTooLargeForWhatsapp" },
  /** A pack made in one go names PACK_MOODS_MIN to all of MOODS, each once. */
  MOODS_INVALID: { http: 400, key: "errors.moodsInvalid" },
  /** A file sent as a picture (image type or name) whose bytes are no picture at all (decision 0029). */
  UPLOAD_NOT_AN_IMAGE: { http: 422, key: "errors.uploadNotAnImage" },
  /** The caller already reported this sticker or pack: one report per user of each (decisions 0031, 0035). */
  ALREADY_REPORTED: { http: 409, key: "errors.alreadyReported" },
  /** A user cannot report their own sticker. */
  OWN_STICKER_REPORT: { http: 409, key: "errors.ownStickerReport" },
  /** A user cannot report their own pack (decision 0035). */
  OWN_PACK_REPORT: { http: 409, key: "errors.ownPackReport" },
  /** A banned account: no sign-in, no new tasks (decision 0031). */
  ACCOUNT_BANNED: { http: 403, key: "errors.accountBanned" },
  /** An account deletion whose typed confirmation is not the account's e-mail address (decision 0037). */
  ACCOUNT_DELETE_UNCONFIRMED: { http: 400, key: "errors.accountDeleteUnconfirmed" },
  /** A search needs at least one letter or digit (decision 0030). */
  SEARCH_QUERY_EMPTY: { http: 400, key: "errors.searchQueryEmpty" },
  /** A search query is at most SEARCH_QUERY_MAX_LENGTH characters. */
  SEARCH_QUERY_TOO_LONG: { http: 400, key: "errors.searchQueryTooLong" },
  /** A sticker whose moving files cannot be made to fit a messenger's limits (decision 0041). */
  MOTION_TOO_LARGE: { http: 422, key: "errors.motionTooLarge" },
  /** A sticker's emoji label: one to three emoji (decision 0042). */
  STICKER_EMOJI_INVALID: { http: 400, key: "errors.stickerEmojiInvalid" },
  /** A sticker's keywords: at most LABEL_KEYWORDS_MAX, each 1 to LABEL_KEYWORD_MAX_LENGTH characters on one line; `{{max}}`, `{{limit}}`. */
  STICKER_KEYWORDS_INVALID: { http: 400, key: "errors.stickerKeywordsInvalid" },
  /** A sticker's alt text: 1 to ALT_TEXT_MAX_LENGTH characters on one line; `{{limit}}`. */
  STICKER_ALT_TEXT_INVALID: { http: 400, key: "errors.stickerAltTextInvalid" },
  /** A motion preset this sticker cannot take (the caption types itself only where it has a caption layer). */
  MOTION_PRESET_UNAVAILABLE: { http: 409, key: "errors.motionPresetUnavailable" },
  /** The site runs without a Telegram bot (decision 0044). */
  TELEGRAM_NOT_CONFIGURED: { http: 409, key: "errors.telegramNotConfigured" },
  /** "Add to Telegram" before the user linked their Telegram account. */
  TELEGRAM_NOT_LINKED: { http: 409, key: "errors.telegramNotLinked" },
  /** The user blocked our bot in Telegram: Telegram refuses every call about them until they press Start. */
  TELEGRAM_BLOCKED: { http: 409, key: "errors.telegramBlocked" },
  /** Telegram refused a change of the set (a rule we did not foresee); logged with Telegram's words. */
  TELEGRAM_REFUSED: { http: 502, key: "errors.telegramRefused" },
  /** Telegram could not be reached after every retry. */
  TELEGRAM_UNAVAILABLE: { http: 503, key: "errors.telegramUnavailable" },
} as const;

export type ErrorCode = keyof typeof ERRORS;

/**
 * Codes a sticker task fails with that no call answers (docs/ARCHITECTURE.md, "Errors"): the
 * generator's and the image provider's failures, stored on the task and shown by its progress view
 * through their catalog keys. A task may also fail with a code of ERRORS (UPLOAD_UNREADABLE).
 */
export const TASK_FAILURES = {
  GENERATION_FAILED: { key: "tasks.failed.generic" },
  /** The generator's process took too long, died, or was closed while this process stopped. */
  GENERATION_TIMEOUT: { key: "tasks.failed.generic" },
  GENERATOR_CRASHED: { key: "tasks.failed.generic" },
  GENERATOR_CLOSED: { key: "tasks.failed.generic" },
  /** Requests the generator refuses (`GenerationError`). */
  EMPTY_PROMPT: { key: "errors.promptEmpty" },
  UNKNOWN_STYLE: { key: "tasks.failed.generic" },
  BAD_IMAGE: { key: "errors.uploadUnreadable" },
  /** The provider's own safety check stopped the prompt or its picture (decision 0032): never retried. */
  RESULT_FLAGGED: { key: "errors.resultFlagged" },
  /** The hosted image provider's failures (`HostedProviderError`, decision 0015). */
  PROVIDER_REJECTED: { key: "tasks.failed.rejected" },
  PROVIDER_UNAVAILABLE: { key: "tasks.failed.unavailable" },
  PROVIDER_TIMEOUT: { key: "tasks.failed.unavailable" },
  PROVIDER_BAD_OUTPUT: { key: "tasks.failed.unavailable" },
} as const;

export type TaskFailureCode = keyof typeof TASK_FAILURES;

/** Every code an AppError carries: a call's (ERRORS) or a task's own failure (TASK_FAILURES). */
export type FailureCode = ErrorCode | TaskFailureCode;

/** A call's error code (one of ERRORS). */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === "string" && Object.hasOwn(ERRORS, code);
}

/** Any code of this file: a call's or a task's. */
export function isFailureCode(code: unknown): code is FailureCode {
  return isErrorCode(code) || (typeof code === "string" && Object.hasOwn(TASK_FAILURES, code));
}

/**
 * Marks an AppError by a registered symbol rather than by class: the pages' server bundle has its
 * own copy of this module (decision 0002), so `instanceof` fails across the two.
 */
const APP_ERROR = Symbol.for("sticker-studio.AppError");

/**
 * The one error of services, loaders and jobs: the HTTP edge turns it into an ErrorEnvelope (a task
 * failure's code answers INTERNAL_ERROR there: no call answers it), a loader into its page, and a
 * job into the task's failure. `retryable` is for jobs: false never tries again, true or unset lets
 * the queue retry until its last attempt.
 */
export class AppError<C extends FailureCode = FailureCode> extends Error {
  override name = "AppError";
  readonly [APP_ERROR] = true;
  readonly code: C;
  readonly issues: string[] | undefined;
  /** Values for the `{{name}}` placeholders of the translated message. */
  readonly vars: Record<string, string | number> | undefined;
  readonly retryable: boolean | undefined;
  constructor(
    code: C,
    message?: string,
    options?: { issues?: string[]; cause?: unknown; vars?: Record<string, string | number>; retryable?: boolean },
  ) {
    super(message ?? code, { cause: options?.cause });
    this.code = code;
    this.issues = options?.issues;
    this.vars = options?.vars;
    this.retryable = options?.retryable;
  }
}

/**
 * Whether `error` is an AppError (from any copy of this module), and, given codes, one with one of
 * them: `isAppError(error, "PACK_NOT_FOUND")`. The one way app/ and server/ read an error's code.
 */
export function isAppError<C extends FailureCode>(error: unknown, ...codes: C[]): error is AppError<C> {
  if (typeof error !== "object" || error === null || !(APP_ERROR in error) || error[APP_ERROR] !== true) return false;
  return codes.length === 0 || (codes as FailureCode[]).includes((error as AppError).code);
}

export function httpStatusOf(code: ErrorCode): number {
  return ERRORS[code].http;
}

/** The catalog key of a call's or a task's code. */
export function messageKeyOf(code: FailureCode): string {
  return isErrorCode(code) ? ERRORS[code].key : TASK_FAILURES[code].key;
}
