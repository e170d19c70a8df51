import { Hono } from "hono";
import type { AppContext } from "../context.ts";
import type { AppEnv } from "../http/env.ts";
import { inviteRoutes } from "../invites/routes.ts";
import { emailLoginRoutes } from "./email-login/routes.ts";

/** Plain (non-API) routes of accounts: the e-mail link, invite links, and the local dev mailbox. */
export function accountRoutes(app: AppContext) {
  const routes = new Hono<AppEnv>();
  routes.route("/", emailLoginRoutes(app));
  routes.route("/", inviteRoutes(app));
  return routes;
}
