import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { clientAddressOf } from "../../http/client-address.ts";
import { defineCall } from "../../http/define-call.ts";
import { createRateLimit } from "../../rate-limit.ts";
import { normalizeEmail } from "../email-user.ts";
import { sendSignInLink } from "./sign-in-link.ts";

export function emailLoginCalls(app: AppContext) {
  const perAddress = createRateLimit(app.config, { name: "email-link-address", points: 5, durationSeconds: 600 });
  const perClient = createRateLimit(app.config, {
    name: "email-link-client",
    points: app.config.EMAIL_LINK_CLIENT_LIMIT,
    durationSeconds: 600,
  });

  const getVerifyEmail = defineCall({
    method: "GET",
    path: "/api/getVerifyEmail",
    summary:
      "Mails a single-use sign-in link (10 minutes) to the address; the same answer for every address. " +
      "`redirect` (a path) and `invCode` are sealed into the link. 5 per address and EMAIL_LINK_CLIENT_LIMIT (20) per client per 10 minutes.",
    tag: "accounts",
    access: "public",
    input: z.object({
      email: z.string().trim().max(254).pipe(z.email()),
      redirect: z.string().max(512).optional(),
      invCode: z.string().max(32).optional(),
    }),
    output: z.object({ sent: z.literal(true) }),
    async handle({ input, c }) {
      await perClient.consume(clientAddressOf(c));
      await perAddress.consume(normalizeEmail(input.email));
      await sendSignInLink(app, {
        email: input.email,
        redirect: input.redirect,
        inviteCode: input.invCode,
        language: c.var.language,
      });
      return { sent: true as const };
    },
  });
  return [getVerifyEmail];
}
