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
              // meta helpers, the error view, the cross-part request channels, a sticker's addresses, the
              // loader of the page parts only some viewers see (decision 0056), with what they import
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
                "app/features/stickers/(icons.tsx|sticker-image.ts|sticker-paths.ts)",
                "app/features/motion/(motion-files.ts|moving-image.tsx)",
                "app/lib/page-parts.tsx",
                "common/(stickers|storage-keys|text).ts",
              ]),
            },
            {
              // The buttons a sticker's page and a pack's page both show (share, make it move, report):
              // one script for the two pages, not one each.
              name: "sticker-actions",
              test: everyPageParts([
                "app/features/stickers/share-file-button.tsx",
                "app/features/motion/make-it-move.tsx",
                "app/features/moderation/report-button.tsx",
                "app/features/auth/dialog-button.tsx",
              ]),
            },
            {
              // What /pricing shows besides its plans, also used by the home page's prices and the
              // points dialog: one script.
              name: "pricing-parts",
              test: everyPageParts([
                "app/features/pricing/(pricing-requests|format-price|manage-subscription|plan-change-mark).ts",
                "common/plans.ts",
              ]),
            },
            {
              // A pack's address, calls and sticker tile, shared by the pack pages and the packs list.
              name: "pack-parts",
              test: everyPageParts([
                "app/features/packs/(pack-path.ts|pack-requests.ts|pack-sticker-picture.tsx)",
                "common/packs.ts",
              ]),
            },
          ],
        },
      },
    },
  },
  server: { hmr: { port: 24678 } },
});
