import { index, type RouteConfig, route } from "@react-router/dev/routes";

// English at the root, the other 13 languages under /{lang} (spec §1, §2).
export default [
  route(":lang?", "routes/language.tsx", [
    index("routes/home.tsx"),
    route("stickers/:type?/:page?", "routes/stickers.tsx"),
    route("sticker/:instId/:name?", "routes/sticker.tsx"),
    route("terms", "routes/terms.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("notAvailable", "routes/not-available.tsx"),
    route("error/:type", "routes/error.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
