declare module "virtual:api-routes" {
  /** `"feature.call"` → where the call goes, as `"POST /api/pack/reorder"` (`routeTableOf`, scripts/vite-api-routes.ts). */
  const routes: Record<string, string>;
  export default routes;
}
