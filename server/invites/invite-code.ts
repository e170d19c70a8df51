import { randomInt } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";

/** Crockford-like base32 without 0/O, 1/I/L, U: codes read aloud or typed from a screenshot survive. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
const INVITE_CODE_LENGTH = 8;
export const INVITE_CODE_PATTERN = /^[2-9A-HJKMNP-TV-Z]{8}$/;

/** Case-insensitive, spaces ignored; null when it cannot be a code. */
export function normalizeInviteCode(value: string | null | undefined): string | null {
  const code = (value ?? "").replace(/\s+/g, "").toUpperCase();
  return INVITE_CODE_PATTERN.test(code) ? code : null;
}

function randomCode() {
  let code = "";
  for (let i = 0; i < INVITE_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** The user's invite code (`/invite/{code}`), made on first ask and stable afterwards. */
export async function getOrCreateInviteCode(db: Db, userId: number): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [existing] = await db.select({ code: users.inviteCode }).from(users).where(eq(users.id, userId));
    if (!existing) throw new Error(`no user ${userId}`);
    if (existing.code) return existing.code;
    const [set] = await db
      .update(users)
      .set({ inviteCode: randomCode() })
      .where(and(eq(users.id, userId), isNull(users.inviteCode)))
      .returning({ code: users.inviteCode })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) return []; // another user holds that code: draw again
        throw error;
      });
    if (set?.code) return set.code;
  }
  throw new Error("could not draw a free invite code");
}
