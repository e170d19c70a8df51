import { Link } from "react-router";
import { LIST_PAGE_SIZE } from "#common/constants.ts";
import { PUBLIC_TABS, STICKER_TABS, type StickerTab } from "#common/stickers.ts";
import { buttonClass } from "../components/ui/button.tsx";
import { EmptyState } from "../components/ui/empty-state.tsx";
import { pageContext } from "../context.server.ts";
import { userOfRequest } from "../features/auth/session.server.ts";
import { SignInToSee } from "../features/auth/sign-in-to-see.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import { Pagination } from "../features/stickers/pagination.tsx";
import { StickerGrid } from "../features/stickers/sticker-card.tsx";
import { listPublicStickers, pageFavorites, pageMyStickers, tabQuery } from "../features/stickers/stickers.server.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { useLocalized } from "../i18n/use-localized.ts";
import type { Route } from "./+types/stickers";

function isTab(value: string): value is StickerTab {
  return (STICKER_TABS as readonly string[]).includes(value);
}

/**
 * /stickers, /stickers/{type}, /stickers/{type}/{page} (spec §2); the default tab is explore. My stickers
 * and favorites are the session user's (spec §7 mySticker, favorite/page); a visitor is asked to sign
 * in. The root's session sync revalidates every loader, so these tabs follow a sign-in or sign-out.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const tab = params.type ?? "explore";
  const page = params.page === undefined ? 1 : Number(params.page);
  if (!isTab(tab) || !Number.isInteger(page) || page < 1 || page > 100_000) throw new Response("Not Found", { status: 404 });
  const { app } = context.get(pageContext);
  if (tab === "stickers" || tab === "favorites") {
    const user = await userOfRequest(app, request, { touch: false });
    if (!user) return { tab, page, list: [], total: 0, needsSignIn: true };
    const owned = { userId: user.id, page, size: LIST_PAGE_SIZE };
    const result =
      tab === "stickers" ? await pageMyStickers(app.database.db, owned) : await pageFavorites(app.database.db, owned);
    return { tab, page, ...result, needsSignIn: false };
  }
  const result = await listPublicStickers(
    app.database.db,
    { ...tabQuery(tab), page, size: LIST_PAGE_SIZE },
    app.config.PUBLIC_LIST_CACHE_SECONDS,
  );
  return { tab, page, ...result, needsSignIn: false };
}

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  const tab = loaderData?.tab ?? "explore";
  return pageMeta({
    matches,
    location,
    title: `list.title.${tab}`,
    description: `list.description.${tab}`,
    translate: true,
    noindex: !PUBLIC_TABS.includes(tab),
  });
}

export default function Stickers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLocalized();
  const { tab, page, list, total, needsSignIn } = loaderData;
  const pageCount = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="mb-6 font-bold text-3xl">{t(`list.title.${tab}`)}</h1>
      <nav aria-label={t("list.tabs")} className="-mx-4 mb-6 overflow-x-auto px-4">
        <ul className="flex min-w-max gap-2">
          {STICKER_TABS.map((name) => (
            <li key={name}>
              <Link
                to={to(`/stickers/${name}`)}
                aria-current={name === tab ? "page" : undefined}
                className={`inline-flex h-10 items-center rounded-full px-4 text-base focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${
                  name === tab
                    ? "bg-primary-dark font-semibold text-white"
                    : "bg-white text-stone-700 ring-1 ring-stone-200 hover:bg-stone-100"
                }`}
              >
                {t(`list.tab.${name}`)}
              </Link>
            </li>
          ))}
          <li>
            <Link
              to={to("/packs")}
              className="inline-flex h-10 items-center rounded-full bg-white px-4 text-base text-stone-700 ring-1 ring-stone-200 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            >
              {t("packs.tab.packs")}
            </Link>
          </li>
        </ul>
      </nav>
      {needsSignIn ? (
        <SignInToSee message={t(`list.signInFor.${tab}`)} />
      ) : list.length === 0 ? (
        <EmptyList tab={tab} page={page} />
      ) : (
        <>
          <p className="mb-4 text-sm text-stone-500">{t("list.count", { count: total })}</p>
          <StickerGrid stickers={list} label={t(`list.title.${tab}`)} />
          <Pagination
            current={page}
            count={pageCount}
            hrefOf={(p) => to(p === 1 ? `/stickers/${tab}` : `/stickers/${tab}/${p}`)}
          />
        </>
      )}
    </main>
  );
}

/** What an empty tab says, and where it leads: past the end → page 1; nothing yet → something to see. */
function emptyState(tab: StickerTab, page: number): { message: string; link: { href: string; text: string } | null } {
  if (page > 1) return { message: "list.pastEnd", link: { href: `/stickers/${tab}`, text: "list.firstPage" } };
  if (tab === "stickers")
    return { message: "stickerActions.empty.mine", link: { href: "/", text: "stickerActions.empty.createOne" } };
  if (tab === "favorites") {
    return {
      message: "stickerActions.empty.favorites",
      link: { href: "/stickers/popular", text: "stickerActions.empty.browsePopular" },
    };
  }
  return { message: "list.empty", link: null };
}

function EmptyList({ tab, page }: { tab: StickerTab; page: number }) {
  const { t } = useTranslation();
  const { to } = useLocalized();
  const { message, link } = emptyState(tab, page);
  return (
    <EmptyState message={t(message)}>
      {link ? (
        <Link
          to={to(link.href)}
          className={page > 1 ? "font-medium text-primary-dark underline" : buttonClass({ size: "md-wide" })}
        >
          {t(link.text)}
        </Link>
      ) : null}
    </EmptyState>
  );
}
