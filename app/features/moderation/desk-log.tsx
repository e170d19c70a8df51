import { Link } from "react-router";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { useLocalized } from "#app/i18n/use-localized.ts";
import type { ModerationLogEntry } from "#common/moderation.ts";
import { deskDate } from "./desk-actions.ts";

export const LOG_PAGE_SIZE = 50;

const linkClass =
  "inline-flex h-10 items-center rounded-full bg-white px-4 font-medium ring-1 ring-stone-300 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary";

/** The audit log, newest first (decision 0031). */
export function DeskLog({ log, page }: { log: { list: ModerationLogEntry[]; total: number }; page: number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { to } = useLocalized();
  const pages = Math.max(1, Math.ceil(log.total / LOG_PAGE_SIZE));
  return (
    <section aria-labelledby="desk-log" className="mt-6">
      <h2 id="desk-log" className="mb-3 font-semibold text-2xl">
        {t("admin.log")}
      </h2>
      {log.list.length === 0 ? (
        <p className="text-stone-600">{t("admin.logEmpty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-2xl bg-white ring-1 ring-stone-200">
          <table className="w-full text-start text-sm">
            <thead className="bg-stone-50">
              <tr>
                <th scope="col" className="p-3 text-start">
                  {t("admin.when")}
                </th>
                <th scope="col" className="p-3 text-start">
                  {t("admin.who")}
                </th>
                <th scope="col" className="p-3 text-start">
                  {t("admin.what")}
                </th>
                <th scope="col" className="p-3 text-start">
                  {t("admin.target")}
                </th>
                <th scope="col" className="p-3 text-start">
                  {t("admin.notes")}
                </th>
              </tr>
            </thead>
            <tbody>
              {log.list.map((entry) => (
                <tr key={entry.id} className="border-stone-100 border-t">
                  <td className="whitespace-nowrap p-3">{deskDate(language, entry.createdAt)}</td>
                  <td className="break-all p-3">{entry.actor.email || `#${entry.actor.userId}`}</td>
                  <td className="p-3">{t(`admin.action.${entry.action}`)}</td>
                  <td className="break-all p-3">
                    {entry.stickerInstId ? <Link to={to(`/sticker/${entry.stickerInstId}`)}>{entry.stickerInstId}</Link> : null}
                    {entry.packId ? <Link to={to(`/pack/${entry.packId}`)}>{entry.packId}</Link> : null}
                    {(entry.stickerInstId || entry.packId) && entry.target ? " · " : null}
                    {entry.target ? entry.target.email || `#${entry.target.userId}` : null}
                  </td>
                  <td className="p-3">
                    <bdi>{entry.note}</bdi>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 ? (
        <nav className="mt-4 flex gap-3" aria-label={t("admin.log")}>
          {page > 1 ? (
            <Link to={`?page=${page - 1}`} className={linkClass}>
              {t("admin.newer")}
            </Link>
          ) : null}
          {page < pages ? (
            <Link to={`?page=${page + 1}`} className={linkClass}>
              {t("admin.older")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
