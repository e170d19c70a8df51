import { feedbackCalls as declared } from "#common/api/feedback.ts";
import type { AppContext } from "../context.ts";
import { clientAddressOf } from "../http/client-address.ts";
import { implementCall } from "../http/define-call.ts";
import { createRateLimit } from "../rate-limit.ts";
import { submitFeedback } from "./submit-feedback.ts";

export function feedbackCalls(app: AppContext) {
  const limit = createRateLimit(app.config, { name: "feedback", points: 5, durationSeconds: 600 });
  return [
    implementCall(declared.submit, async ({ input, viewer, c }) => {
      await limit.consume(clientAddressOf(c));
      await submitFeedback(app.database.db, { userId: viewer?.userId ?? null, language: c.var.language, ...input });
      return { received: true as const };
    }),
  ];
}
