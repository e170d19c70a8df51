/**
 * Sharing a photo in (Web Share Target, decision 0046):
 *   POST /share               the phone's share sheet opens the app with a photo (multipart, field `photo`;
 *                             title, text, url are taken and ignored). A top-level navigation from the
 *                             system, so no signature or session is asked; it only keeps a checked photo
 *                             for an hour under an unguessable id and answers 303 to the create panel in
 *                             the visitor's language: `?shared={id}`, or `?shareError={CODE}` when refused.
 *   GET  /files/shared/:id    that photo, to whoever holds the id, never cached.
 * Each client address may share SHARE_RATE_LIMIT_PER_MINUTE photos a minute.
 */
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { getCookie } from "hono/cookie";
import { AppError, isAppError } from "#common/errors.ts";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#common/languages.ts";
import { LANGUAGE_COOKIE } from "#common/site.ts";
import type { AppContext } from "../context.ts";
import { OWNER_FILE_CACHE, respondWithFileError } from "../files/file-access.ts";
import { MULTIPART_OVERHEAD_BYTES } from "../http/api.ts";
import { clientAddressOf } from "../http/client-address.ts";
import type { AppEnv } from "../http/env.ts";
import { createRateLimit } from "../rate-limit.ts";
import { isSharedPhotoId, keepSharedPhoto, readSharedPhoto } from "./shared-photos.ts";

/** Photos one client address may share a minute: far more than a person shares, few enough to bound storage. */
export const SHARE_RATE_LIMIT_PER_MINUTE = 20;

/**
 * The home page (the create panel) in the share target's language (the installed app of /ja/ shares to
 * /ja/share: a share target must lie in its manifest's scope), else the one the visitor's pages use:
 * their `lang` cookie, else Accept-Language.
 */
function createPanelPath(c: Context<AppEnv>, target?: Language): string {
  const remembered = getCookie(c, LANGUAGE_COOKIE);
  const language: Language = target ?? (isLanguage(remembered) ? remembered : c.var.language);
  return language === DEFAULT_LANGUAGE ? "/" : `/${language}`;
}

function refusedCode(error: unknown): string {
  return isAppError(error) ? error.code : "UPLOAD_UNREADABLE";
}

/** Mount with `server.route("/", shareRoutes(app))`, before the stored files' catch-all under /files. */
export function shareRoutes(app: AppContext): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const limit = createRateLimit(app.config, { name: "share", points: SHARE_RATE_LIMIT_PER_MINUTE, durationSeconds: 60 });

  /** The language of a `/{lang}/share` target; none for `/share`. */
  const targetOf = (c: Context<AppEnv>): Language | undefined => {
    const lang = c.req.param("lang");
    return isLanguage(lang) ? lang : undefined;
  };
  const land = (c: Context<AppEnv>, query: string) => {
    c.header("Cache-Control", "no-store");
    return c.redirect(`${createPanelPath(c, targetOf(c))}?${query}`, 303);
  };
  const refuse = (c: Context<AppEnv>, code: string) => land(c, `shareError=${encodeURIComponent(code)}`);

  const limitBody = bodyLimit({
    maxSize: app.config.UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
    onError: (c) => refuse(c as Context<AppEnv>, "UPLOAD_TOO_LARGE"),
  });

  const receive = async (c: Context<AppEnv>) => {
    try {
      await limit.consume(clientAddressOf(c));
      let form: Record<string, unknown>;
      try {
        form = await c.req.parseBody();
      } catch {
        throw new AppError("UPLOAD_MISSING");
      }
      const photo = form.photo;
      if (!(photo instanceof File) || photo.size === 0) throw new AppError("UPLOAD_MISSING");
      if (photo.size > app.config.UPLOAD_MAX_BYTES) throw new AppError("UPLOAD_TOO_LARGE");
      const id = await keepSharedPhoto(app, Buffer.from(await photo.arrayBuffer()), { type: photo.type, name: photo.name });
      return land(c, `shared=${id}`);
    } catch (error) {
      if (!isAppError(error)) c.var.log.warn({ err: error }, "shared photo not kept");
      return refuse(c, refusedCode(error));
    }
  };
  routes.post("/share", limitBody, receive);
  // The other languages' installed apps share to their own scope.
  routes.post(
    "/:lang/share",
    async (c, next) => {
      const lang = c.req.param("lang");
      if (!isLanguage(lang) || lang === DEFAULT_LANGUAGE) return c.notFound();
      return next();
    },
    limitBody,
    receive,
  );

  routes.get("/files/shared/:id", async (c) => {
    try {
      const id = c.req.param("id");
      const body = isSharedPhotoId(id) ? await readSharedPhoto(app, id) : null;
      if (!body) throw new AppError("NOT_FOUND");
      return c.body(new Uint8Array(body), 200, {
        "Content-Type": "image/webp",
        "Cache-Control": OWNER_FILE_CACHE,
        "Content-Length": String(body.length),
      });
    } catch (error) {
      return respondWithFileError(c, error);
    }
  });

  return routes;
}
