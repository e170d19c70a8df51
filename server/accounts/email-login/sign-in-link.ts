import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import type { Language } from "#common/languages.ts";
import type { AppContext } from "../../context.ts";
import { emailLinks } from "../../db/schema.ts";
import { hashToken } from "../../sessions/resolve-session.ts";
import { findOrCreateEmailUser, normalizeEmail, type SignedInUser } from "../email-user.ts";
import { linkSealingKey, seal, unseal } from "./seal.ts";
import { signInMail } from "./sign-in-mail.ts";

/** A sign-in link works once, for 10 minutes (decision 0007). */
export const EMAIL_LINK_TTL_MS = 10 * 60_000;
export const EMAIL_CALLBACK_PATH = "/auth/email/callback";

/** A same-site path to land on after sign-in; anything else (other origins, `//host`, `/\host`) becomes "/". */
export function safeRedirectPath(value: string | null | undefined): string {
  if (!value || value.length > 512 || !/^\/(?![/\\])[^\s\\]*$/.test(value)) return "/";
  return value;
}

interface SealedLinkParams {
  redirect: string;
  inviteCode: string | null;
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
    now?: Date;
  },
): Promise<void> {
  const email = normalizeEmail(o.email);
  const now = o.now ?? new Date();
  const token = randomBytes(32).toString("base64url");
  const tokenHash = hashToken(token);
  const params: SealedLinkParams = { redirect: safeRedirectPath(o.redirect), inviteCode: o.inviteCode?.trim() || null };
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
  app.mail.queue(signInMail(email, link.toString(), o.language));
}

function isSealedLinkParams(value: unknown): value is SealedLinkParams {
  const v = value as SealedLinkParams | null;
  return !!v && typeof v.redirect === "string" && (v.inviteCode === null || typeof v.inviteCode === "string");
}

export interface OpenedLink extends SignedInUser {
  redirect: string;
}

/**
 * Opening a link: the sealed parameter must be intact and bound to this token, and the token unused
 * and unexpired; it is spent in the same statement that checks it, so it works exactly once.
 * Anything else is EMAIL_LINK_INVALID.
 */
export async function openSignInLink(app: AppContext, o: { token: string; sealed: string; now?: Date }): Promise<OpenedLink> {
  const now = o.now ?? new Date();
  const tokenHash = hashToken(o.token);
  const params = unseal(linkSealingKey(app.config), o.sealed, tokenHash);
  if (!isSealedLinkParams(params)) throw new AppError("EMAIL_LINK_INVALID");
  const [link] = await app.database.db
    .update(emailLinks)
    .set({ usedAt: now })
    .where(and(eq(emailLinks.tokenHash, tokenHash), isNull(emailLinks.usedAt), gt(emailLinks.expiresAt, now)))
    .returning({ email: emailLinks.email, redirect: emailLinks.redirectPath, inviteCode: emailLinks.inviteCode });
  if (!link || link.redirect !== params.redirect || link.inviteCode !== params.inviteCode) {
    throw new AppError("EMAIL_LINK_INVALID");
  }
  const user = await findOrCreateEmailUser(app.database.db, app.config, { email: link.email, inviteCode: link.inviteCode });
  return { ...user, redirect: link.redirect };
}
