import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { apiRoutes } from "./scripts/vite-api-routes.ts";

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
              // one request each (first-load budget): the typed API client and the call hook, the
              // button and the switches, with what they import (React is taken by the group above).
              // Parts only dialogs use (Dialog, Field) stay with them.
              name: "shared-parts",
              test: /app[\\/](lib[\\/]api[\\/](api|client|client-state|use-call)\.ts|components[\\/]ui[\\/](button|switch)\.tsx)/,
            },
          ],
        },
      },
    },
  },
  server: { hmr: { port: 24678 } },
});
