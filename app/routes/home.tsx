import { Link } from "react-router";
import { LIST_PAGE_SIZE } from "#common/constants.ts";
import { pageContext } from "../context.server.ts";
import { CreatePanel } from "../features/create/create-panel.tsx";
import { HomePricing } from "../features/pricing/home-pricing.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import { StickerGrid, stickerCards } from "../features/stickers/sticker-card.tsx";
import { listPrompts, listPublicStickers, listStyles, randomPrompts, tabQuery } from "../features/stickers/stickers.server.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { languageOfPath } from "../i18n/language-of-path.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import type { Route } from "./+types/home";

const FIRST_STYLES = 8;
const SUGGESTIONS = 5;

/** The home preload of spec §2; any part that fails is simply left out, never an error page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = context.get(pageContext);
  const db = app.database.db;
  const language = languageOfPath(new URL(request.url).pathname);
  const [popular, styles, prompts, suggestions] = await Promise.allSettled([
    listPublicStickers(db, { ...tabQuery("popular"), page: 1, size: LIST_PAGE_SIZE }, app.config.PUBLIC_LIST_CACHE_SECONDS),
    listStyles(db, { page: 1, size: 1000, type: 1, language }),
    listPrompts(db, language),
    randomPrompts(db, language, SUGGESTIONS),
  ]);
  const value = <T,>(result: PromiseSettledResult<T>) => (result.status === "fulfilled" ? result.value : null);
  for (const result of [popular, styles, prompts, suggestions]) {
    if (result.status === "rejected") app.log.warn({ err: result.reason }, "home preload part failed");
  }
  const allStyles = value(styles)?.list ?? [];
  const popularPage = value(popular);
  return {
    popular: { list: stickerCards(popularPage?.list ?? []), total: popularPage?.total ?? 0 },
    styles: allStyles,
    firstStyles: allStyles.slice(0, FIRST_STYLES),
    costs: { text: app.config.TEXT_GENERATION_COST, image: app.config.IMAGE_GENERATION_COST },
    prompts: value(prompts) ?? [],
    suggestions: value(suggestions) ?? [],
  };
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, title: "home.title", description: "app.description", translate: true });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLocalized();
  const { popular, styles, prompts, suggestions, costs } = loaderData;
  return (
    <main id="main">
      <section className="bg-gradient-to-b from-primary-light/70 to-stone-50">
        <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-10 md:grid-cols-[1fr_1.2fr] md:py-16">
          <div className="space-y-4 text-center md:text-start">
            <h1 className="font-bold text-4xl text-stone-900 leading-tight md:text-5xl">{t("home.heading")}</h1>
            <p className="text-lg text-stone-700">{t("home.intro")}</p>
          </div>
          <CreatePanel
            styles={styles}
            firstStyleCount={FIRST_STYLES}
            suggestions={suggestions}
            allPrompts={prompts}
            costs={costs}
          />
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-4 py-10" aria-labelledby="popular-heading">
        <div className="mb-4 flex items-end justify-between gap-4">
          <div>
            <h2 id="popular-heading" className="font-semibold text-2xl">
              {t("home.popular")}
            </h2>
            {popular.total > 0 ? <p className="text-sm text-stone-500">{t("list.count", { count: popular.total })}</p> : null}
          </div>
          <Link
            to={to("/stickers/popular")}
            className="shrink-0 font-medium text-primary-dark underline-offset-4 hover:underline"
          >
            {t("home.seeAll")}
          </Link>
        </div>
        {popular.list.length > 0 ? (
          <StickerGrid stickers={popular.list} eagerCount={0} label={t("home.popular")} />
        ) : (
          <p className="rounded-2xl bg-white p-8 text-center text-stone-600 ring-1 ring-stone-200">{t("list.empty")}</p>
        )}
      </section>
      <HomePricing />
    </main>
  );
}
