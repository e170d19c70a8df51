import { Link } from "react-router";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { useLocalized } from "#app/i18n/use-localized.ts";
import type { BannedUser, PackQueueItem, QueueItem } from "#common/moderation.ts";
import { packPath } from "../packs/pack-path.ts";
import { deskDate, stickerIdOf, useDeskAction } from "./desk-actions.ts";

export const QUEUE_PAGE_SIZE = 20;
/** Reported packs the desk shows at once, oldest first report first (decision 0035). */
export const PACK_QUEUE_SIZE = 20;

const buttonClass =
  "h-10 rounded-full px-4 font-medium ring-1 ring-stone-300 bg-white text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-60";
const dangerClass =
  "h-10 rounded-full px-4 font-medium bg-red-700 text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-60";
const inputClass = "h-10 w-full rounded-xl border border-stone-300 px-3 focus-visible:outline-2 focus-visible:outline-primary";

/** Who owns a reported sticker or pack, when it was first reported, why, and the reporters' notes. */
function ReportFacts({ item, language }: { item: QueueItem | PackQueueItem; language: string }) {
  const { t } = useTranslation();
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
      <dt className="text-stone-500">{t("admin.owner")}</dt>
      <dd className="break-all">
        {item.owner ? item.owner.email || `#${item.owner.userId}` : "—"}
        {item.owner?.banned ? ` · ${t("admin.hiddenBy.ban")}` : ""}
      </dd>
      <dt className="text-stone-500">{t("admin.firstReport")}</dt>
      <dd>{deskDate(language, item.firstReportAt)}</dd>
      <dt className="text-stone-500">{t("admin.reasons")}</dt>
      <dd>
        <ul className="flex flex-wrap gap-2">
          {item.reasons.map((r) => (
            <li key={r.reason} className="rounded-full bg-stone-100 px-2 py-0.5">
              {t(`report.reason.${r.reason}`)} × {r.count}
            </li>
          ))}
        </ul>
      </dd>
      {item.notes.length > 0 ? (
        <>
          <dt className="text-stone-500">{t("admin.notes")}</dt>
          <dd>
            <ul className="list-disc space-y-1 ps-5">
              {item.notes.map((n) => (
                <li key={n.createdAt + n.note}>
                  <bdi>{n.note}</bdi>
                </li>
              ))}
            </ul>
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** The desk's queue, the reported packs (decision 0035), the "act on any sticker" form and the banned users (decision 0031). */
export function DeskQueue({
  queue,
  packQueue,
  banned,
  page,
}: {
  queue: { list: QueueItem[]; total: number };
  packQueue: { list: PackQueueItem[]; total: number };
  banned: BannedUser[];
  page: number;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { to } = useLocalized();
  const { busy, submit } = useDeskAction();
  const pages = Math.max(1, Math.ceil(queue.total / QUEUE_PAGE_SIZE));

  return (
    <>
      <section aria-labelledby="desk-queue" className="mt-6">
        <h2 id="desk-queue" className="mb-3 font-semibold text-2xl">
          {t("admin.queue")} <span className="text-base text-stone-500">({queue.total})</span>
        </h2>
        {queue.list.length === 0 ? <p className="text-stone-600">{t("admin.queueEmpty")}</p> : null}
        <ol className="space-y-4">
          {queue.list.map((item) => (
            <li key={item.stickerInstId}>
              <article
                aria-labelledby={`q-${item.stickerInstId}`}
                className="grid gap-4 rounded-2xl bg-white p-4 ring-1 ring-stone-200 sm:grid-cols-[128px_minmax(0,1fr)]"
              >
                <img src={item.thumbUrl} alt={item.name} width={128} height={128} className="size-32 rounded-xl bg-[#F0EFEB]" />
                <div className="min-w-0 space-y-2">
                  <h3 id={`q-${item.stickerInstId}`} className="font-semibold text-lg">
                    <Link to={to(`/sticker/${item.stickerInstId}`)} className="underline-offset-2 hover:underline" dir="auto">
                      {item.name || item.stickerInstId}
                    </Link>
                  </h3>
                  <p className="break-words text-stone-700" dir="auto">
                    {item.prompt}
                  </p>
                  <ReportFacts item={item} language={language} />
                  <p className="font-medium text-sm">
                    {item.hiddenReason
                      ? t(`admin.hiddenBy.${item.hiddenReason}`)
                      : item.visibility === "private"
                        ? t("admin.madePrivate")
                        : t("admin.shown")}
                    {item.hiddenReason && item.visibility === "private" ? ` · ${t("admin.madePrivate")}` : ""}
                    {item.inExplore ? ` · ${t("admin.inExplore")}` : ""}
                  </p>
                  <form
                    onSubmit={(event) =>
                      submit(event, () =>
                        (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value") === "ban"
                          ? { userId: item.owner?.userId }
                          : { stickerInstId: item.stickerInstId },
                      )
                    }
                    className="flex flex-wrap items-end gap-2"
                  >
                    <label className="min-w-48 flex-1 text-sm">
                      <span className="mb-1 block text-stone-600">{t("admin.note")}</span>
                      <input name="note" maxLength={500} className={inputClass} dir="auto" />
                    </label>
                    {/* Nothing of a banned user comes back before the unban (decision 0031). */}
                    {item.hiddenReason ? (
                      item.owner?.banned ? null : (
                        <button type="submit" name="act" value="restore" disabled={busy} className={buttonClass}>
                          {t("admin.restore")}
                        </button>
                      )
                    ) : (
                      <button type="submit" name="act" value="hide" disabled={busy} className={dangerClass}>
                        {t("admin.hide")}
                      </button>
                    )}
                    {item.inExplore ? (
                      <button type="submit" name="act" value="unpick" disabled={busy} className={buttonClass}>
                        {t("admin.unpick")}
                      </button>
                    ) : null}
                    {item.owner && !item.owner.banned ? (
                      <button type="submit" name="act" value="ban" disabled={busy} className={dangerClass}>
                        {t("admin.ban")}
                      </button>
                    ) : null}
                  </form>
                </div>
              </article>
            </li>
          ))}
        </ol>
        {pages > 1 ? (
          <nav className="mt-4 flex gap-3" aria-label={t("admin.queue")}>
            {page > 1 ? (
              <Link to={`?page=${page - 1}`} className={`${buttonClass} inline-flex items-center`}>
                {t("admin.newer")}
              </Link>
            ) : null}
            {page < pages ? (
              <Link to={`?page=${page + 1}`} className={`${buttonClass} inline-flex items-center`}>
                {t("admin.older")}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>

      <section aria-labelledby="desk-packs" className="mt-10">
        <h2 id="desk-packs" className="mb-3 font-semibold text-2xl">
          {t("admin.packQueue")} <span className="text-base text-stone-500">({packQueue.total})</span>
        </h2>
        {packQueue.list.length === 0 ? <p className="text-stone-600">{t("admin.packQueueEmpty")}</p> : null}
        <ol className="space-y-4">
          {packQueue.list.map((item) => (
            <li key={item.packId}>
              <article
                aria-labelledby={`p-${item.packId}`}
                className="min-w-0 space-y-2 rounded-2xl bg-white p-4 ring-1 ring-stone-200"
              >
                <h3 id={`p-${item.packId}`} className="font-semibold text-lg">
                  <Link to={to(packPath(item))} className="underline-offset-2 hover:underline" dir="auto">
                    {item.name || item.packId}
                  </Link>
                </h3>
                <ReportFacts item={item} language={language} />
                <p className="font-medium text-sm">
                  {item.hidden
                    ? t("admin.hiddenBy.moderator")
                    : item.visibility === "private"
                      ? t("admin.madePrivate")
                      : t("admin.shown")}
                </p>
                <form
                  onSubmit={(event) =>
                    submit(event, () =>
                      (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value") === "ban"
                        ? { userId: item.owner.userId }
                        : { packId: item.packId },
                    )
                  }
                  className="flex flex-wrap items-end gap-2"
                >
                  <label className="min-w-48 flex-1 text-sm">
                    <span className="mb-1 block text-stone-600">{t("admin.note")}</span>
                    <input name="note" maxLength={500} className={inputClass} dir="auto" />
                  </label>
                  {item.hidden ? (
                    item.owner.banned ? null : (
                      <button type="submit" name="act" value="restorePack" disabled={busy} className={buttonClass}>
                        {t("admin.restorePack")}
                      </button>
                    )
                  ) : (
                    <button type="submit" name="act" value="hidePack" disabled={busy} className={dangerClass}>
                      {t("admin.hidePack")}
                    </button>
                  )}
                  {item.owner.banned ? null : (
                    <button type="submit" name="act" value="ban" disabled={busy} className={dangerClass}>
                      {t("admin.ban")}
                    </button>
                  )}
                </form>
              </article>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="desk-any" className="mt-10">
        <h2 id="desk-any" className="mb-3 font-semibold text-2xl">
          {t("admin.bySticker")}
        </h2>
        <form
          onSubmit={(event) =>
            submit(event, (form) => {
              const stickerInstId = stickerIdOf(String(form.get("sticker") ?? ""));
              return stickerInstId ? { stickerInstId } : null;
            })
          }
          className="grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-stone-200 sm:grid-cols-2"
        >
          <label className="text-sm">
            <span className="mb-1 block text-stone-600">{t("admin.stickerField")}</span>
            <input name="sticker" required className={inputClass} autoComplete="off" />
          </label>
          <label className="text-sm">
            <span className="mb-1 block text-stone-600">{t("admin.note")}</span>
            <input name="note" maxLength={500} className={inputClass} dir="auto" />
          </label>
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <button type="submit" name="act" value="pick" disabled={busy} className={buttonClass}>
              {t("admin.pick")}
            </button>
            <button type="submit" name="act" value="unpick" disabled={busy} className={buttonClass}>
              {t("admin.unpick")}
            </button>
            <button type="submit" name="act" value="hide" disabled={busy} className={dangerClass}>
              {t("admin.hide")}
            </button>
            <button type="submit" name="act" value="restore" disabled={busy} className={buttonClass}>
              {t("admin.restore")}
            </button>
          </div>
        </form>
      </section>

      <section aria-labelledby="desk-banned" className="mt-10">
        <h2 id="desk-banned" className="mb-3 font-semibold text-2xl">
          {t("admin.banned")}
        </h2>
        {banned.length === 0 ? <p className="text-stone-600">{t("admin.bannedEmpty")}</p> : null}
        <ul className="space-y-2">
          {banned.map((user) => (
            <li key={user.userId}>
              <form
                onSubmit={(event) => submit(event, () => ({ userId: user.userId }))}
                className="flex flex-wrap items-center gap-3 rounded-2xl bg-white p-3 ring-1 ring-stone-200"
              >
                <span className="min-w-0 flex-1 break-all">{user.email || `#${user.userId}`}</span>
                <span className="text-sm text-stone-500">{deskDate(language, user.bannedAt)}</span>
                <input type="hidden" name="note" value="" />
                <button
                  type="submit"
                  name="act"
                  value="unban"
                  disabled={busy}
                  className={buttonClass}
                  aria-label={`${t("admin.unban")}: ${user.email || `#${user.userId}`}`}
                >
                  {t("admin.unban")}
                </button>
              </form>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
