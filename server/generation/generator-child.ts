/**
 * The generator's own process (forked by generator-process.ts). Drawing runs native code (resvg,
 * sharp, tfjs wasm) that can abort a whole process on a bad input; here that ends only this child,
 * and the job that asked is retried. It also keeps CPU-heavy drawing off the web server's event loop.
 * Its settings come from the parent (never from process.env), so a test app's overrides reach it.
 */
import { isAppError } from "#common/errors.ts";
import { createGenerationProvider } from "./create-provider.ts";
import type { GeneratorReply, GeneratorRequest, GeneratorSettingsMessage } from "./generator-process.ts";
import { GenerationError, type GenerationProvider } from "./provider.ts";

/** Made from the settings the parent sends first (its parsed config, overrides included). */
let provider: GenerationProvider | null = null;

function send(reply: GeneratorReply) {
  // A parent that died meanwhile fails the write (EPIPE): nothing is waiting, and "disconnect" ends us.
  if (process.connected) process.send?.(reply, undefined, undefined, () => undefined);
}

function describeError(error: unknown): GeneratorReply["error"] {
  const code = isAppError(error) ? error.code : "GENERATION_FAILED";
  // A refusal of the request itself (empty prompt, unreadable picture) will not change on retry.
  const retryable = error instanceof GenerationError ? false : isAppError(error) ? (error.retryable ?? true) : true;
  const { name, message } = error instanceof Error ? error : { name: "Error", message: String(error) };
  return { name, code, message, retryable };
}

/** Warm up (art index, fonts) before the first request, then say so. Never for the hosted provider:
 * there a warm-up is a paid call at every start of this process (decision 0015). */
function warmUp(ready: GenerationProvider) {
  if (ready.name === "openai") send({ id: 0, ready: true });
  else {
    void ready
      .textToSticker({ prompt: "hello", style: "cartoon" })
      .catch(() => undefined)
      .finally(() => send({ id: 0, ready: true }));
  }
}

// The parent is gone (killed or crashed): nothing is waiting for this child's answers.
process.on("disconnect", () => process.exit(0));

process.on("message", async (message: GeneratorRequest | GeneratorSettingsMessage) => {
  if (message.kind === "settings") {
    provider = createGenerationProvider(message.settings);
    warmUp(provider);
    return;
  }
  try {
    if (!provider) throw new Error("the generator got a request before its settings");
    const sticker =
      message.kind === "text"
        ? await provider.textToSticker(message.text)
        : await provider.imageToSticker({ ...message.image, image: Buffer.from(message.image.image) });
    send({
      id: message.id,
      sticker: { png: sticker.png, subject: sticker.subject, layers: sticker.layers, editable: sticker.editable },
    });
  } catch (error) {
    send({ id: message.id, error: describeError(error) });
  }
});
