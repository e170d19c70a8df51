import { index, type RouteConfig, route } from "@react-router/dev/routes";

/** The pages, once for English at the root and once under /{lang} (spec §1, §2). */
function pages(scope: string) {
  const id = (name: string) => `${scope}/${name}`;
  return [
    index("routes/home.tsx", { id: id("home") }),
    route("stickers/:type?/:page?", "routes/stickers.tsx", { id: id("stickers") }),
    route("sticker/:instId/:name?", "routes/sticker.tsx", { id: id("sticker") }),
    route("search", "routes/search.tsx", { id: id("search") }),
    route("tag/:tag/:page?", "routes/tag.tsx", { id: id("tag") }),
    route("pack/:packId/:slug?", "routes/pack.tsx", { id: id("pack") }),
    route("packs/:tab?/:page?", "routes/packs.tsx", { id: id("packs") }),
    route("pricing", "routes/pricing.tsx", { id: id("pricing") }),
    route("rechargeSuccess", "routes/recharge-success.tsx", { id: id("rechargeSuccess") }),
    route("billing/sandbox/checkout/:checkoutId", "routes/sandbox-checkout.tsx", { id: id("sandboxCheckout") }),
    route("billing/sandbox/portal/:portalId", "routes/sandbox-portal.tsx", { id: id("sandboxPortal") }),
    route("terms", "routes/terms.tsx", { id: id("terms") }),
    route("privacy", "routes/privacy.tsx", { id: id("privacy") }),
    route("notAvailable", "routes/not-available.tsx", { id: id("notAvailable") }),
    route("error/:type", "routes/error.tsx", { id: id("error") }),
    // The moderation desk (decision 0031): 404 to everyone but staff.
    route("admin/:section?", "routes/admin.tsx", { id: id("admin") }),
    route("*", "routes/not-found.tsx", { id: id("notFound") }),
  ];
}

// English first: where a path fits both (/stickers/stickers is the "my stickers" tab, not the
// language "stickers"), the English page wins.
export default [
  route("", "routes/language.tsx", { id: "english" }, pages("english")),
  route(":lang", "routes/language.tsx", { id: "language" }, pages("language")),
] satisfies RouteConfig;
