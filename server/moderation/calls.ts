import type { z } from "zod";
import type { CallDeclaration } from "#common/api/declare-call.ts";
import { reportCalls as declared, deskCalls } from "#common/api/moderation.ts";
import { REPORTS_PER_HOUR } from "#common/moderation.ts";
import type { AppContext } from "../context.ts";
import { clientAddressOf } from "../http/client-address.ts";
import { implementCall, type StaffViewer } from "../http/define-call.ts";
import { createRateLimit } from "../rate-limit.ts";
import { pageModerationActions } from "./audit-log.ts";
import { banUser, unbanUser } from "./ban-user.ts";
import { hidePack, restorePack } from "./hide-pack.ts";
import { hideSticker, restoreSticker } from "./hide-sticker.ts";
import { listBannedUsers, pageModerationQueue } from "./moderation-queue.ts";
import { pagePackQueue } from "./pack-queue.ts";
import { pickForExplore, unpickFromExplore } from "./pick-for-explore.ts";
import { reportPack } from "./report-pack.ts";
import { reportSticker } from "./report-sticker.ts";

/** `POST /api/sticker/report` and `POST /api/pack/report` (any signed-in user), one hourly budget for both. */
export function reportCalls(app: AppContext) {
  const perUser = createRateLimit(app.config, { name: "report-user", points: REPORTS_PER_HOUR, durationSeconds: 3600 });
  return [
    implementCall(declared.sticker, async ({ input, viewer, c }) => {
      await perUser.consume(`${viewer.userId}`);
      c.var.log.info({ userId: viewer.userId, client: clientAddressOf(c) }, "sticker reported");
      return reportSticker(app.database.db, { userId: viewer.userId, ...input });
    }),
    implementCall(declared.pack, async ({ input, viewer, c }) => {
      await perUser.consume(`${viewer.userId}`);
      c.var.log.info({ userId: viewer.userId, client: clientAddressOf(c) }, "pack reported");
      return reportPack(app.database.db, { userId: viewer.userId, ...input });
    }),
  ];
}

/**
 * The moderation desk's calls (decision 0031): staff only, checked by the router before anything is
 * read; each handler is given the staff member as its viewer.
 */
export function adminCalls(app: AppContext) {
  const db = app.database.db;
  /** A desk action: the service acts as the staff member, and the call answers ok. */
  const deskAction = <I extends z.ZodType>(
    declaration: CallDeclaration<I, typeof deskCalls.hide.output, "staff">,
    act: (staff: StaffViewer, input: z.output<I>) => Promise<unknown>,
  ) =>
    implementCall(declaration, async ({ input, viewer }) => {
      await act(viewer, input);
      return { ok: true as const };
    });

  return [
    implementCall(deskCalls.queue, ({ input, viewer }) => pageModerationQueue(db, viewer, input)),
    implementCall(deskCalls.actions, ({ input, viewer }) => pageModerationActions(db, viewer, input)),
    implementCall(deskCalls.banned, ({ viewer }) => listBannedUsers(db, viewer, { limit: 100 })),
    deskAction(deskCalls.hide, (staff, input) => hideSticker(db, staff, input)),
    deskAction(deskCalls.restore, (staff, input) => restoreSticker(db, staff, input)),
    deskAction(deskCalls.pick, (staff, input) => pickForExplore(db, staff, input)),
    deskAction(deskCalls.unpick, (staff, input) => unpickFromExplore(db, staff, input)),
    deskAction(deskCalls.ban, (staff, input) => banUser(app, staff, input)),
    deskAction(deskCalls.unban, (staff, input) => unbanUser(app, staff, input)),
    implementCall(deskCalls.packQueue, ({ input, viewer }) => pagePackQueue(db, viewer, input)),
    deskAction(deskCalls.hidePack, (staff, input) => hidePack(db, staff, input)),
    deskAction(deskCalls.restorePack, (staff, input) => restorePack(db, staff, input)),
  ];
}
