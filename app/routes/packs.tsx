import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { LIST_PAGE_SIZE } from "#common/constants.ts";
import { STICKER_TABS } from "#common/stickers.ts";
import { Button } from "../components/ui/button.tsx";
import { EmptyState } from "../components/ui/empty-state.tsx";
import { pageContext } from "../context.server.ts";
import { userOfRequest } from "../features/auth/session.server.ts";
import { SignInToSee } from "../features/auth/sign-in-to-see.tsx";
import { NewPackDialog } from "../features/packs/new-pack-dialog.tsx";
import { PackGrid } from "../features/packs/pack-card.tsx";
import { packPath } from "../features/packs/pack-path.ts";
import { pageMyPacks, pagePublicPacks } from "../features/packs/packs.server.ts";
import { pageMeta } from "../features/seo/page-meta.ts";
import { Pagination } from "../features/stickers/pagination.tsx";
import { useTranslation } from "../i18n/i18n.tsx";
import { useLocalized } from "../i18n/use-localized.ts";
import type { Route } from "./+types/packs";

type PacksTab = "packs" | "mine";

/** A page number from the path: a whole number from 1, else null. */
function pageNumber(raw: string | undefined): number | null {
  if (raw === undefined) return 1;
  const page = Number(raw);
  return /^\d+$/.test(raw) && Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : null;
}

/**
 * /packs, /packs/{page} (public packs, newest first) and /packs/mine, /packs/mine/{page} (the
 * signed-in user's packs; a visitor is asked to sign in, as the "my stickers" tab does).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { app } = context.get(pageContext);
  const mine = params.tab === "mine";
  const page = pageNumber(mine ? params.page : params.tab);
  if (page === null || (!mine && params.page !== undefined)) throw new Response("Not Found", { status: 404 });
  const tab: PacksTab = mine ? "mine" : "packs";
  if (mine) {
    const user = await userOfRequest(app, request, { touch: false });
    if (!user) return { tab, page, list: [], total: 0, needsSignIn: true };
    const result = await pageMyPacks(app.database.db, { userId: user.id, page, size: LIST_PAGE_SIZE });
    return { tab, page, ...result, needsSignIn: false };
  }
  const result = await pagePublicPacks(app.database.db, { page, size: LIST_PAGE_SIZE });
  return { tab, page, ...result, needsSignIn: false };
}

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  const tab = loaderData?.tab ?? "packs";
  return pageMeta({
    matches,
    location,
    title: `packs.list.title.${tab}`,
    description: `packs.list.description.${tab}`,
    translate: true,
    noindex: tab === "mine",
  });
}

const tabClass = (current: boolean) =>
  `inline-flex h-10 items-center rounded-full px-4 text-base focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${
    current ? "bg-primary-dark font-semibold text-white" : "bg-white text-stone-700 ring-1 ring-stone-200 hover:bg-stone-100"
  }`;

export default function Packs({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLocalized();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const { tab, page, list, total, needsSignIn } = loaderData;
  const pageCount = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
  const base = tab === "mine" ? "/packs/mine" : "/packs";
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-bold text-3xl">{t(`packs.list.title.${tab}`)}</h1>
        {tab === "mine" && !needsSignIn ? <Button onClick={() => setCreating(true)}>{t("packs.new.button")}</Button> : null}
      </div>
      <nav aria-label={t("list.tabs")} className="-mx-4 mb-6 overflow-x-auto px-4">
        <ul className="flex min-w-max gap-2">
          {STICKER_TABS.map((name) => (
            <li key={name}>
              <Link to={to(`/stickers/${name}`)} className={tabClass(false)}>
                {t(`list.tab.${name}`)}
              </Link>
            </li>
          ))}
          <li>
            <Link to={to("/packs")} aria-current={tab === "packs" ? "page" : undefined} className={tabClass(tab === "packs")}>
              {t("packs.tab.packs")}
            </Link>
          </li>
          <li>
            <Link to={to("/packs/mine")} aria-current={tab === "mine" ? "page" : undefined} className={tabClass(tab === "mine")}>
              {t("packs.tab.mine")}
            </Link>
          </li>
        </ul>
      </nav>
      {needsSignIn ? (
        <SignInToSee message={t("packs.list.signIn")} />
      ) : list.length === 0 ? (
        <EmptyState message={t(page > 1 ? "list.pastEnd" : tab === "mine" ? "packs.list.emptyMine" : "packs.list.empty")}>
          {page > 1 ? (
            <Link to={to(base)} className="font-medium text-primary-dark underline">
              {t("list.firstPage")}
            </Link>
          ) : tab === "mine" ? (
            <Button size="md-wide" onClick={() => setCreating(true)}>
              {t("packs.new.button")}
            </Button>
          ) : null}
        </EmptyState>
      ) : (
        <>
          <p className="mb-4 text-sm text-stone-500">{t("packs.list.count", { count: total })}</p>
          <PackGrid packs={list} label={t(`packs.list.title.${tab}`)} />
          <Pagination current={page} count={pageCount} hrefOf={(p) => to(p === 1 ? base : `${base}/${p}`)} />
        </>
      )}
      {creating ? <NewPackDialog onClose={() => setCreating(false)} onCreated={(pack) => navigate(to(packPath(pack)))} /> : null}
    </main>
  );
}
