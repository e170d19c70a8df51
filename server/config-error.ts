/** A setting that is missing or wrong: the process stops at boot with this message. */
export class ConfigError extends Error {
  override name = "ConfigError";
}
