import { motionCalls as declared } from "#common/api/motion.ts";
import type { AppContext } from "../context.ts";
import { implementCall } from "../http/define-call.ts";
import { makePackMove, packMotionOptions } from "./make-pack-move.ts";
import { packMoveProgress } from "./pack-move-progress.ts";
import { motionOptions, submitMotionTask } from "./submit-motion-task.ts";

/** Stickers that move (decision 0041). */
export function motionCalls(app: AppContext) {
  return [
    implementCall(declared.options, ({ input, viewer }) => motionOptions(app, viewer.userId, input.stickerInstId)),
    implementCall(declared.make, ({ input, viewer, c }) =>
      submitMotionTask(app, viewer.userId, { ...input, locale: c.var.language }),
    ),
    implementCall(declared.packOptions, ({ input, viewer }) => packMotionOptions(app, viewer.userId, input.packId)),
    implementCall(declared.makePack, ({ input, viewer, c }) =>
      makePackMove(app, viewer.userId, { ...input, locale: c.var.language }),
    ),
    implementCall(declared.packProgress, ({ input, viewer }) =>
      packMoveProgress(app, { packId: input.packId, userId: viewer.userId }),
    ),
  ];
}
