import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { apiRoutes } from "./scripts/vite-api-routes.ts";

export default defineConfig({
  plugins: [apiRoutes(), tailwindcss(), reactRouter()],
  build: { assetsInlineLimit: 0 },
  server: { hmr: { port: 24678 } },
});
