import { buildMigratedTemplates } from "#tests/support/migrated-templates.ts";

/** Vitest's global setup: the migrated databases every test app starts from (tests/support/migrated-templates.ts). */
export default async function makeMigratedTemplates(): Promise<void> {
  await buildMigratedTemplates();
}
