import { taskCalls as declared } from "#common/api/tasks.ts";
import { AppError } from "#common/errors.ts";
import { TASK_TYPE } from "#common/tasks.ts";
import type { AppContext } from "../context.ts";
import { clientAddressOf } from "../http/client-address.ts";
import { implementCall } from "../http/define-call.ts";
import { createRateLimit } from "../rate-limit.ts";
import { decodePoolOf } from "../uploads/decode-pool.ts";
import { readUpload, uploadLimitsOf } from "../uploads/read-upload.ts";
import { findUploadTask } from "./find-upload-task.ts";
import { readPromptFor } from "./read-prompt.ts";
import { checkAffordable, costOf, submitImageTask, submitOncePerUpload, submitTextTask } from "./submit-task.ts";
import { getTask, todayGenDetail } from "./task-view.ts";

/** Creating stickers (spec §7 aitask calls). */
export function taskCalls(app: AppContext) {
  const readings = createRateLimit(app.config, {
    name: "prompt-reading",
    points: app.config.PROMPT_READINGS_PER_MINUTE,
    durationSeconds: 60,
  });
  return [
    implementCall(declared.fromText, ({ input, viewer, c }) =>
      submitTextTask(app, viewer.userId, { ...input, locale: c.var.language }),
    ),
    implementCall(declared.fromImage, ({ input, viewer: { userId }, c }) =>
      // A retry of an upload the server already took answers its task before anything is checked or
      // paid, and a refusal is looked at again in case the first submit committed meanwhile.
      submitOncePerUpload(app, userId, input.uploadId, async () => {
        if (!input.file || input.file.size === 0) throw new AppError("UPLOAD_MISSING");
        // A submit that would be refused anyway costs no decode (decision 0015).
        await checkAffordable(app, userId, costOf(app, TASK_TYPE.image));
        const bytes = Buffer.from(await input.file.arrayBuffer());
        const upload = await decodePoolOf(app).run(() =>
          readUpload(bytes, uploadLimitsOf(app.config), { type: input.file?.type, name: input.file?.name }),
        );
        return submitImageTask(app, userId, {
          png: upload.png,
          prompt: input.prompt,
          styleId: input.styleId,
          visibility: input.visibility,
          locale: c.var.language,
          uploadId: input.uploadId,
          remixOf: input.remixOf,
        });
      }),
    ),
    implementCall(declared.understand, async ({ input, c }) => {
      await readings.consume(clientAddressOf(c));
      return readPromptFor(app, { prompt: input.prompt, pack: input.pack, language: c.var.language });
    }),
    implementCall(declared.get, ({ input, viewer, c }) =>
      getTask(app, { taskId: input.taskId, userId: viewer.userId, language: c.var.language }),
    ),
    implementCall(declared.today, ({ viewer }) => todayGenDetail(app, viewer.userId)),
    implementCall(declared.byUpload, ({ input, viewer }) => findUploadTask(app.database.db, viewer.userId, input.uploadId)),
  ];
}
