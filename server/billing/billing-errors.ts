/**
 * Billing's own error codes. They are not in common/errors.ts yet: until they are, billing throws
 * BillingError (same `code` property as AppError). Once the codes are added there, `billingError`
 * becomes `return new AppError(code, message)` and nothing else changes.
 */
export const BILLING_ERRORS = {
  /** A user with no plan chose the free plan (spec §5). */
  ALREADY_FREE: { http: 409, message: "You are already on the free plan." },
  /** The chosen plan is the current one. */
  PLAN_UNCHANGED: { http: 409, message: "You are already on this plan." },
  /** The billing portal needs a customer: the user never subscribed. */
  NO_SUBSCRIPTION: { http: 404, message: "You have no subscription to manage." },
  /** Point packs are for free users; members create within their daily limit. */
  POINTS_FOR_FREE_USERS: { http: 409, message: "Point packs are for the free plan; your plan already includes creations." },
  /** A webhook whose signature, body or timestamp does not check out. */
  WEBHOOK_SIGNATURE_INVALID: { http: 400, message: "The webhook signature is invalid." },
  /** A sandbox checkout that was already paid or declined. */
  CHECKOUT_CLOSED: { http: 409, message: "This checkout is already finished." },
  /** The payment provider could not be reached or refused the request. */
  PAYMENT_PROVIDER_ERROR: { http: 502, message: "The payment service is not available right now. Please try again." },
} as const;

export type BillingErrorCode = keyof typeof BILLING_ERRORS;

export class BillingError extends Error {
  override name = "BillingError";
  readonly code: BillingErrorCode;
  readonly http: number;
  constructor(code: BillingErrorCode, message?: string, options?: { cause?: unknown }) {
    super(message ?? BILLING_ERRORS[code].message, { cause: options?.cause });
    this.code = code;
    this.http = BILLING_ERRORS[code].http;
  }
}

export function billingError(code: BillingErrorCode, message?: string, cause?: unknown): Error {
  return new BillingError(code, message, cause === undefined ? undefined : { cause });
}
