/** Picks the sticker generator named by GENERATION_PROVIDER (docs/decisions/0100-offline-generator.md). */
import type { Config } from "../config.ts";
import { ConfigError } from "../config.ts";
import { createOfflineProvider } from "./offline-provider.ts";
import { createOpenAiProvider } from "./openai-provider.ts";
import type { GenerationProvider } from "./provider.ts";
import { createSleepProvider } from "./sleep-provider.ts";

const PROVIDER_SETTINGS = [
  "GENERATION_PROVIDER",
  "OPENAI_API_KEY",
  "OPENAI_BASE_URL",
  "OPENAI_IMAGE_MODEL",
  "OPENAI_TIMEOUT_MS",
] as const satisfies readonly (keyof Config)[];

/** The parsed settings a provider is made from: all the generator child process is handed. */
export type ProviderConfig = Pick<Config, (typeof PROVIDER_SETTINGS)[number]>;

/** The provider's settings out of the app's parsed (and, in tests, overridden) config. */
export function providerSettingsOf(config: ProviderConfig): ProviderConfig {
  return Object.fromEntries(PROVIDER_SETTINGS.map((name) => [name, config[name]])) as ProviderConfig;
}

export function createGenerationProvider(config: ProviderConfig): GenerationProvider {
  switch (config.GENERATION_PROVIDER) {
    case "offline":
      return createOfflineProvider();
    case "openai":
      // Fail at boot, not on the first sticker someone pays for.
      if (!config.OPENAI_API_KEY) throw new ConfigError("GENERATION_PROVIDER=openai needs OPENAI_API_KEY");
      return createOpenAiProvider({
        apiKey: config.OPENAI_API_KEY,
        baseURL: config.OPENAI_BASE_URL,
        model: config.OPENAI_IMAGE_MODEL,
        timeoutMs: config.OPENAI_TIMEOUT_MS,
      });
    case "sleep":
      // A measuring stand-in (bench:cluster): it draws nothing; parseConfig refuses it with NODE_ENV=production.
      return createSleepProvider();
  }
}
