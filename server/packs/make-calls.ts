/** Making a pack in one go: one idea or one photo → one sticker per mood (decision 0026). */
import { packCalls as declared } from "#common/api/packs.ts";
import { AppError } from "#common/errors.ts";
import type { AppContext } from "../context.ts";
import { implementCall } from "../http/define-call.ts";
import { decodePoolOf } from "../uploads/decode-pool.ts";
import { readUpload, uploadLimitsOf } from "../uploads/read-upload.ts";
import { findUploadPack } from "./find-upload-pack.ts";
import { checkPhotoPack, makeOncePerUpload, makePackFromImage, makePackFromPrompt } from "./make-pack.ts";
import { getPackProgress } from "./make-progress.ts";

export function packMakeCalls(app: AppContext) {
  return [
    implementCall(declared.fromPrompt, ({ input, viewer, c }) =>
      makePackFromPrompt(app, viewer.userId, { ...input, locale: c.var.language }),
    ),
    implementCall(declared.fromImage, ({ input, viewer: { userId }, c }) => {
      const moods = input.moods.split(",").map((mood) => mood.trim());
      const fields = {
        prompt: input.prompt,
        styleId: input.styleId,
        moods,
        name: input.name,
        visibility: input.visibility,
        locale: c.var.language,
        uploadId: input.uploadId,
      };
      // A retry of an upload the server already took answers its pack before anything is checked or paid.
      return makeOncePerUpload(app, userId, input.uploadId, async () => {
        // Refusals that need no picture come before any decode (decision 0015).
        await checkPhotoPack(app, userId, fields);
        if (!input.file || input.file.size === 0) throw new AppError("UPLOAD_MISSING");
        const bytes = Buffer.from(await input.file.arrayBuffer());
        const upload = await decodePoolOf(app).run(() =>
          readUpload(bytes, uploadLimitsOf(app.config), { type: input.file?.type, name: input.file?.name }),
        );
        return makePackFromImage(app, userId, { ...fields, png: upload.png });
      });
    }),
    implementCall(declared.byUpload, ({ input, viewer }) => findUploadPack(app.database.db, viewer.userId, input.uploadId)),
    implementCall(declared.progress, ({ input, viewer, c }) =>
      getPackProgress(app, { packId: input.packId, userId: viewer.userId, language: c.var.language }),
    ),
  ];
}
