import { type Context, Hono } from "hono";
import { setCookie } from "hono/cookie";
import { isLanguage } from "#common/languages.ts";
import type { AppContext } from "../context.ts";
import type { AppEnv } from "../http/env.ts";
import { normalizeInviteCode } from "./invite-code.ts";

const INVITE_COOKIE = "inviteCode";
const INVITE_COOKIE_SECONDS = 30 * 24 * 3600;

/**
 * `/invite/{code}` and `/{lang}/invite/{code}`: keep the code in the `inviteCode` cookie (the page
 * reads it and sends it as invCode at sign-in, spec §4) and land on that language's home.
 */
export function inviteRoutes(app: AppContext) {
  const routes = new Hono<AppEnv>();
  const land = (c: Context<AppEnv>, home: string) => {
    const code = normalizeInviteCode(c.req.param("code"));
    if (code) {
      setCookie(c, INVITE_COOKIE, code, { path: "/", sameSite: "Lax", secure: app.config.secure, maxAge: INVITE_COOKIE_SECONDS });
    }
    return c.redirect(home, 302);
  };
  routes.get("/invite/:code", (c) => land(c, "/"));
  routes.get("/:lang/invite/:code", async (c, next) => {
    const lang = c.req.param("lang");
    if (!isLanguage(lang)) return next();
    return land(c, lang === "en" ? "/" : `/${lang}`);
  });
  return routes;
}
