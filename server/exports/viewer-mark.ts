/**
 * Which mark a caller's messenger files carry (decision 0043): none for a member (a plan benefit, said
 * on the pricing page), the small corner mark for everyone else, visitors included.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";
import type { MessengerMark } from "./messenger-mark.ts";

export async function messengerMarkFor(db: Db, viewerId: number | null): Promise<MessengerMark> {
  if (viewerId === null) return "corner";
  const [user] = await db.select({ subscribePlan: users.subscribePlan }).from(users).where(eq(users.id, viewerId));
  return user && user.subscribePlan !== "" ? "none" : "corner";
}
