import { eq } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { firstDisplayName } from "./display-name/display-name.ts";
import { mailboxOf } from "./mailbox.ts";
import { welcomeNewUser } from "./welcome-new-user.ts";

export interface SignedInUser {
  userId: number;
  created: boolean;
}

/** Addresses are compared case-insensitively: stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The user behind a verified e-mail address (an opened sign-in link): a new address becomes a user
 * on first use, with a generated display name (never the address's, decision 0036), the starting
 * points and any invite; an existing one is marked verified.
 */
export async function findOrCreateEmailUser(
  db: Db,
  config: Pick<Config, "STARTING_POINTS">,
  o: { email: string; inviteCode: string | null },
): Promise<SignedInUser> {
  const email = normalizeEmail(o.email);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ email, mailbox: mailboxOf(email), emailVerified: true, nick: firstDisplayName({ email }) })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (created) {
      await welcomeNewUser(tx, config, { userId: created.id, mailbox: mailboxOf(email), inviteCode: o.inviteCode });
      return { userId: created.id, created: true };
    }
    const [existing] = await tx
      .update(users)
      .set({ emailVerified: true, updatedAt: new Date() })
      .where(eq(users.email, email))
      .returning({ id: users.id, deleted: users.deleted });
    if (!existing) throw new Error("user vanished during sign-in");
    if (existing.deleted) throw new AppError("NO_PERMISSION");
    return { userId: existing.id, created: false };
  });
}
