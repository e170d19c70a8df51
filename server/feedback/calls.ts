import { z } from "zod";
import type { AppContext } from "../context.ts";
import { clientAddressOf } from "../http/client-address.ts";
import { defineCall } from "../http/define-call.ts";
import { createRateLimit } from "../rate-limit.ts";
import { submitFeedback } from "./submit-feedback.ts";

/** An empty e-mail field counts as no e-mail; anything else must be a valid address. */
const optionalEmail = z
  .string()
  .trim()
  .max(254)
  .transform((value) => value || undefined)
  .pipe(z.email().optional())
  .optional();

export function feedbackCalls(app: AppContext) {
  const limit = createRateLimit(app.config, { name: "feedback", points: 5, durationSeconds: 600 });

  const submit = defineCall({
    method: "POST",
    path: "/api/userFeedback",
    summary:
      "Stores a feedback message (content 1–2000 characters, optional reply e-mail and page path); 5 per 10 minutes per client.",
    tag: "feedback",
    access: "public",
    input: z.object({
      content: z.string().trim().min(1).max(2000),
      email: optionalEmail,
      page: z
        .string()
        .max(512)
        .regex(/^\/[^\s]*$/, "must be a path starting with /")
        .optional(),
    }),
    output: z.object({ received: z.literal(true) }),
    async handle({ input, viewer, c }) {
      await limit.consume(clientAddressOf(c));
      await submitFeedback(app.database.db, { userId: viewer?.userId ?? null, language: c.var.language, ...input });
      return { received: true as const };
    },
  });
  return [submit];
}
