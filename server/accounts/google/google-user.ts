import { eq } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { users } from "#server/db/schema.ts";
import { firstDisplayName } from "../display-name/display-name.ts";
import { normalizeEmail, type SignedInUser } from "../email-user.ts";
import { mailboxOf } from "../mailbox.ts";
import { welcomeNewUser } from "../welcome-new-user.ts";
import type { GoogleIdentity } from "./verify-google-token.ts";

/**
 * The user of a verified Google identity, keyed on `sub`. A user with the same verified address
 * (signed up by e-mail link) gets the Google id linked rather than a second account. A new user gets
 * the Google profile name as display name (else a generated one, decision 0036), the starting points
 * and the invite reward.
 */
export async function findOrCreateGoogleUser(
  db: Db,
  config: Pick<Config, "STARTING_POINTS">,
  o: { identity: GoogleIdentity; inviteCode: string | null | undefined },
): Promise<SignedInUser> {
  const email = normalizeEmail(o.identity.email);
  return db.transaction(async (tx) => {
    const [known] = await tx
      .select({ id: users.id, deleted: users.deleted })
      .from(users)
      .where(eq(users.googleId, o.identity.sub));
    if (known) {
      if (known.deleted) throw new AppError("NO_PERMISSION");
      return { userId: known.id, created: false };
    }
    const [sameEmail] = await tx
      .select({ id: users.id, googleId: users.googleId, deleted: users.deleted })
      .from(users)
      .where(eq(users.email, email))
      .for("update");
    if (sameEmail) {
      // Another Google account already owns this address: never re-point an account silently.
      if (sameEmail.deleted || sameEmail.googleId) throw new AppError("NO_PERMISSION");
      await tx
        .update(users)
        .set({ googleId: o.identity.sub, emailVerified: true, updatedAt: new Date() })
        .where(eq(users.id, sameEmail.id));
      return { userId: sameEmail.id, created: false };
    }
    const [created] = await tx
      .insert(users)
      .values({
        email,
        mailbox: mailboxOf(email),
        emailVerified: true,
        googleId: o.identity.sub,
        nick: firstDisplayName({ email, googleName: o.identity.name }),
      })
      .returning({ id: users.id });
    if (!created) throw new Error("user insert returned nothing");
    await welcomeNewUser(tx, config, { userId: created.id, mailbox: mailboxOf(email), inviteCode: o.inviteCode });
    return { userId: created.id, created: true };
  });
}
