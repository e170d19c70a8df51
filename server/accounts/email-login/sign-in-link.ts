import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import type { Language } from "#common/languages.ts";
import { sameSitePath } from "#common/same-site-path.ts";
import type { AppContext } from "#server/context.ts";
import { emailLinks } from "#server/db/schema.ts";
import { hashToken } from "#server/sessions/resolve-session.ts";
import { findOrCreateEmailUser, normalizeEmail, type SignedInUser } from "../email-user.ts";
import { linkSealingKey, seal, unseal } from "./seal.ts";
import { signInMail } from "./sign-in-mail.ts";

/** A sign-in link works once, for 10 minutes (decision 0007). */
export const EMAIL_LINK_TTL_SECONDS = 10 * 60;
const EMAIL_LINK_TTL_MS = EMAIL_LINK_TTL_SECONDS * 1000;
export const EMAIL_CALLBACK_PATH = "/auth/email/callback";
/** The catalog key the 403 page shows for a spent or expired link (`/error/403?message=`). */
export const EXPIRED_LINK_MESSAGE = "errors.emailLinkExpired";

interface SealedLinkParams {
  redirect: string;
  inviteCode: string | null;
  /** The asking browser's mark (`link-browser.ts`); absent in links mailed before it existed. */
  browser?: string | null;
}

/**
 * Stores a new single-use link (only its hash) and queues the mail; the caller answers at once, the
 * same for every address, known or not (the mail goes out after the response).
 */
export async function sendSignInLink(
  app: AppContext,
  o: {
    email: string;
    redirect?: string | undefined;
    inviteCode?: string | undefined;
    /** The language of the page that asked: the mail is written in it. */
    language?: Language;
    /** The asking browser's mark (`markAskingBrowser`), so the confirm page can tell another browser. */
    browser?: string | undefined;
    now?: Date;
  },
): Promise<void> {
  const email = normalizeEmail(o.email);
  const now = o.now ?? new Date();
  const token = randomBytes(32).toString("base64url");
  const tokenHash = hashToken(token);
  const params: SealedLinkParams = {
    redirect: sameSitePath(o.redirect),
    inviteCode: o.inviteCode?.trim() || null,
    browser: o.browser ?? null,
  };
  await app.database.db.insert(emailLinks).values({
    email,
    tokenHash,
    redirectPath: params.redirect,
    inviteCode: params.inviteCode,
    expiresAt: new Date(now.getTime() + EMAIL_LINK_TTL_MS),
  });
  const link = new URL(EMAIL_CALLBACK_PATH, app.config.PUBLIC_URL);
  link.searchParams.set("token", token);
  link.searchParams.set("s", seal(linkSealingKey(app.config), params, tokenHash));
  // The page the link opens speaks the mail's language (not a secret, so not sealed).
  if (o.language) link.searchParams.set("lang", o.language);
  app.mail.queue(signInMail(email, link.toString(), o.language));
}

function isSealedLinkParams(value: unknown): value is SealedLinkParams {
  const v = value as SealedLinkParams | null;
  return (
    !!v &&
    typeof v.redirect === "string" &&
    (v.inviteCode === null || typeof v.inviteCode === "string") &&
    (v.browser === undefined || v.browser === null || typeof v.browser === "string")
  );
}

export interface OpenedLink extends SignedInUser {
  redirect: string;
}

function unsealedParams(app: AppContext, o: { token: string; sealed: string }) {
  const tokenHash = hashToken(o.token);
  const params = unseal(linkSealingKey(app.config), o.sealed, tokenHash);
  if (!isSealedLinkParams(params)) throw new AppError("EMAIL_LINK_INVALID");
  return { tokenHash, params };
}

/**
 * Looking at a link without spending it (the confirm page a GET shows, so a mail scanner that
 * fetches the link does not burn it): the same checks as opening, the address it signs in, and the
 * mark of the browser that asked for it (null for links mailed before marks existed).
 */
export async function peekSignInLink(
  app: AppContext,
  o: { token: string; sealed: string; now?: Date },
): Promise<{ email: string; browser: string | null }> {
  const now = o.now ?? new Date();
  const { tokenHash, params } = unsealedParams(app, o);
  const [link] = await app.database.db
    .select({ email: emailLinks.email, redirect: emailLinks.redirectPath, inviteCode: emailLinks.inviteCode })
    .from(emailLinks)
    .where(and(eq(emailLinks.tokenHash, tokenHash), isNull(emailLinks.usedAt), gt(emailLinks.expiresAt, now)));
  if (!link || link.redirect !== params.redirect || link.inviteCode !== params.inviteCode) {
    throw new AppError("EMAIL_LINK_INVALID");
  }
  return { email: link.email, browser: params.browser ?? null };
}

/**
 * Opening a link (the confirm page's button): the sealed parameter must be intact and bound to this
 * token, and the token unused and unexpired; it is spent in the same statement that checks it, so it
 * works exactly once. Anything else is EMAIL_LINK_INVALID. The redirect is checked again on the way
 * out (decision 0013), whatever the stored row holds.
 */
export async function openSignInLink(app: AppContext, o: { token: string; sealed: string; now?: Date }): Promise<OpenedLink> {
  const now = o.now ?? new Date();
  const { tokenHash, params } = unsealedParams(app, o);
  const [link] = await app.database.db
    .update(emailLinks)
    .set({ usedAt: now })
    .where(and(eq(emailLinks.tokenHash, tokenHash), isNull(emailLinks.usedAt), gt(emailLinks.expiresAt, now)))
    .returning({ email: emailLinks.email, redirect: emailLinks.redirectPath, inviteCode: emailLinks.inviteCode });
  if (!link || link.redirect !== params.redirect || link.inviteCode !== params.inviteCode) {
    throw new AppError("EMAIL_LINK_INVALID");
  }
  const user = await findOrCreateEmailUser(app.database.db, app.config, { email: link.email, inviteCode: link.inviteCode });
  return { ...user, redirect: sameSitePath(link.redirect) };
}
