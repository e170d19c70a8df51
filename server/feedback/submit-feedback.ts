import type { Language } from "#common/languages.ts";
import type { Db } from "../db/client.ts";
import { feedback } from "../db/schema.ts";

/** Stores a visitor's or user's message for the team (footer "Contact us"; POST /api/userFeedback). */
export async function submitFeedback(
  db: Db,
  o: { userId: number | null; language: Language; content: string; email?: string | undefined; page?: string | undefined },
): Promise<void> {
  await db.insert(feedback).values({
    userId: o.userId,
    locale: o.language,
    content: o.content,
    email: o.email ?? null,
    page: o.page ?? null,
  });
}
