/** The pack reads the pack pages' loaders make: the same service functions the API calls use (server/packs/). */
export { getPack } from "#server/packs/get-pack.ts";
export { pageMyPacks, pagePublicPacks } from "#server/packs/list-packs.ts";
export { altTextsByInstId } from "#server/stickers/labels/read-labels.ts";
