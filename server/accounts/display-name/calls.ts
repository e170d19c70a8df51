import { accountCalls as declared } from "#common/api/account.ts";
import { DISPLAY_NAME_CHANGES_PER_HOUR } from "#common/names.ts";
import type { AppContext } from "#server/context.ts";
import { implementCall } from "#server/http/define-call.ts";
import { createRateLimit } from "#server/rate-limit.ts";
import { changeDisplayName } from "./change-display-name.ts";
import { displayName } from "./display-name.ts";

/** The display name others read on the user's pack pages and exports (decision 0036). */
export function displayNameCalls(app: AppContext) {
  const changes = createRateLimit(app.config, {
    name: "display-name",
    points: DISPLAY_NAME_CHANGES_PER_HOUR,
    durationSeconds: 3600,
  });

  return [
    implementCall(declared.setName, async ({ input, viewer }) => {
      // A refused name costs none of the hour's changes: the rule first, then the limit.
      const name = displayName(input.name);
      await changes.consume(`${viewer.userId}`);
      return changeDisplayName(app.database.db, viewer, name);
    }),
  ];
}
