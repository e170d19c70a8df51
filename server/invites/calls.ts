import { z } from "zod";
import type { AppContext } from "../context.ts";
import { defineCall, requireViewer } from "../http/define-call.ts";
import { getOrCreateInviteCode } from "./invite-code.ts";

export function inviteCalls(app: AppContext) {
  const invcode = defineCall({
    method: "GET",
    path: "/api/user/invcode",
    summary: "The signed-in user's invite code (stable; the share link is {host}/invite/{code}).",
    tag: "accounts",
    access: "user",
    input: z.object({}),
    output: z.object({ code: z.string() }),
    async handle({ viewer }) {
      return { code: await getOrCreateInviteCode(app.database.db, requireViewer(viewer).userId) };
    },
  });
  return [invcode];
}
