import { pageContext } from "../context.server.ts";
import {
  listBannedUsers,
  pageModerationActions,
  pageModerationQueue,
  pagePackQueue,
  staffOfPage,
} from "../features/moderation/desk.server.ts";
import { DeskLog, LOG_PAGE_SIZE } from "../features/moderation/desk-log.tsx";
import { DeskNav } from "../features/moderation/desk-nav.tsx";
import { DeskQueue, PACK_QUEUE_SIZE, QUEUE_PAGE_SIZE } from "../features/moderation/desk-queue.tsx";
import { useTranslation } from "../i18n/i18n.tsx";
import { metaTranslate } from "../i18n/meta.ts";
import type { Route } from "./+types/admin";

/**
 * The moderation desk (decision 0031): /admin (the queue) and /admin/log (the audit log), one route
 * so the route manifest every page loads grows by as little as possible. 404 to everyone but staff,
 * checked before anything else is read.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { app } = context.get(pageContext);
  const staff = await staffOfPage(app, request);
  if (params.section !== undefined && params.section !== "log") throw new Response("Not Found", { status: 404 });
  const page = Math.max(1, Math.min(100_000, Number(new URL(request.url).searchParams.get("page")) || 1));
  const db = app.database.db;
  if (params.section === "log") {
    return { section: "log" as const, page, log: await pageModerationActions(db, staff, { page, size: LOG_PAGE_SIZE }) };
  }
  const [queue, packQueue, banned] = await Promise.all([
    pageModerationQueue(db, staff, { page, size: QUEUE_PAGE_SIZE }),
    // The oldest reported packs (decision 0035); the rest follow as these are decided.
    pagePackQueue(db, staff, { page: 1, size: PACK_QUEUE_SIZE }),
    listBannedUsers(db, staff, { limit: 100 }),
  ]);
  return { section: "queue" as const, page, queue, packQueue, banned };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const title = metaTranslate(matches, loaderData?.section === "log" ? "admin.log" : "admin.title");
  return [{ title: `${title} — Sticker Studio` }, { name: "robots", content: "noindex" }];
}

export default function AdminDesk({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="mb-4 font-bold text-3xl">{t("admin.title")}</h1>
      <DeskNav current={loaderData.section} />
      {loaderData.section === "log" ? (
        <DeskLog log={loaderData.log} page={loaderData.page} />
      ) : (
        <DeskQueue queue={loaderData.queue} packQueue={loaderData.packQueue} banned={loaderData.banned} page={loaderData.page} />
      )}
    </main>
  );
}
