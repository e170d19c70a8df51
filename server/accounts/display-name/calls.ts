import { z } from "zod";
import { DISPLAY_NAME_CHANGES_PER_HOUR, DISPLAY_NAME_MAX_LENGTH } from "#common/names.ts";
import type { AppContext } from "#server/context.ts";
import { defineCall, requireViewer } from "#server/http/define-call.ts";
import { createRateLimit } from "#server/rate-limit.ts";
import { userInfoSchema } from "#server/sessions/user-info.ts";
import { changeDisplayName } from "./change-display-name.ts";
import { displayName } from "./display-name.ts";

/** The display name others read on the user's pack pages and exports (decision 0036). */
export function displayNameCalls(app: AppContext) {
  const changes = createRateLimit(app.config, {
    name: "display-name",
    points: DISPLAY_NAME_CHANGES_PER_HOUR,
    durationSeconds: 3600,
  });

  const rename = defineCall({
    method: "POST",
    path: "/api/user/name",
    summary: `The signed-in user's display name, shown on their pack pages and in their packs' exports: 1 to ${DISPLAY_NAME_MAX_LENGTH} characters after trimming, no control characters (else DISPLAY_NAME_INVALID); ${DISPLAY_NAME_CHANGES_PER_HOUR} changes per user per hour (RATE_LIMITED). Answers the user info.`,
    tag: "accounts",
    access: "user",
    // The rule is the service's, so a bad name answers DISPLAY_NAME_INVALID rather than INVALID_INPUT.
    input: z.object({ name: z.string().max(1000) }),
    output: userInfoSchema,
    async handle({ input, viewer }) {
      const signedIn = requireViewer(viewer);
      // A refused name costs none of the hour's changes: the rule first, then the limit.
      const name = displayName(input.name);
      await changes.consume(`${signedIn.userId}`);
      return changeDisplayName(app.database.db, signedIn, name);
    },
  });

  return [rename];
}
