declare module "virtual:api-routes" {
  /** `"feature.call"` → where the call goes (scripts/vite-api-routes.ts). */
  const routes: Record<string, import("#common/api/declare-call.ts").CallRoute>;
  export default routes;
}
