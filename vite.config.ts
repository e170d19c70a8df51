import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { apiRoutes } from "./scripts/vite-api-routes.ts";

/** One pattern for the modules of the "shared-parts" chunk, given as paths from the project root. */
function everyPageParts(paths: string[]): RegExp {
  const path = (p: string) => p.replaceAll(".", "\\.").replaceAll("/", "[\\\\/]");
  return new RegExp(`[\\\\/](${paths.map(path).join("|")})$`);
}

export default defineConfig({
  plugins: [apiRoutes(), tailwindcss(), reactRouter()],
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // React and the router: their own chunk, long cached across releases.
              name: "react",
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
              priority: 2,
            },
            {
              priority: 1,
              // The small shared parts every page's first load takes anyway travel as one script, not
              // one request each (first-load budget; each script costs its response headers too): the
              // typed API client and the call hook, the button and the switches, the page's language and
              // meta helpers, the error view, the cross-part request channels, with what they import
              // (React is taken by the group above). Parts only dialogs use (Dialog, Field) stay with them.
              name: "shared-parts",
              test: everyPageParts([
                "app/lib/api/(api|client|client-state|use-call).ts",
                "app/components/ui/(button|switch).tsx",
                "app/i18n/(use-localized|meta|language-of-path).ts",
                "app/features/seo/page-meta.ts",
                "app/features/errors/(report-error|error-meta|error-view).tsx?",
                "app/features/(auth/channels|invites/share-request|pricing/recharge-channel|account/account-requests).ts",
                "app/features/pwa/install-offer.ts",
                "app/features/stickers/(icons.tsx|sticker-image.ts)",
                "common/(stickers|storage-keys|text).ts",
              ]),
            },
          ],
        },
      },
    },
  },
  server: { hmr: { port: 24678 } },
});
