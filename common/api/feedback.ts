import { z } from "zod";
import { declareCall } from "./declare-call.ts";

/** An empty e-mail field counts as no e-mail; anything else must be a valid address. */
const optionalEmail = z
  .string()
  .trim()
  .max(254)
  .transform((value) => value || undefined)
  .pipe(z.email().optional())
  .optional();

/** The feedback form (spec §7 /api/userFeedback). */
export const feedbackCalls = {
  submit: declareCall({
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
  }),
};
