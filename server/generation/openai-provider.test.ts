import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { inspect } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { decodePng } from "#tests/support/generation.ts";
import { ConfigError, parseConfig } from "../config.ts";
import { createGenerationProvider } from "./create-provider.ts";
import { createOpenAiProvider, HostedProviderError } from "./openai-provider.ts";
import type { GenerationProvider } from "./provider.ts";
import { SLEEP_PROVIDER_MS } from "./sleep-provider.ts";

const API_KEY = "sk-test-0123456789abcdefSECRET";
const MODEL = "gpt-image-test";
const CIRCLE: [number, number, number] = [220, 40, 60];

interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

type Responder = (req: RecordedRequest, res: ServerResponse) => void;

/** A stand-in for the OpenAI images API on loopback; each test says how it answers. */
const requests: RecordedRequest[] = [];
let respond: Responder = (_req, res) => res.writeHead(500).end();
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const recorded = {
      method: req.method ?? "",
      path: req.url ?? "",
      headers: req.headers,
      body: Buffer.concat(chunks),
    };
    requests.push(recorded);
    respond(recorded, res);
  });
});
let baseURL = "";
let circlePng = "";

function provider(timeoutMs = 10_000): GenerationProvider {
  return createOpenAiProvider({ apiKey: API_KEY, baseURL, model: MODEL, timeoutMs });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

const answerWithPicture: Responder = (_req, res) =>
  json(res, 200, { created: 1, data: [{ b64_json: circlePng }], background: "transparent", output_format: "png" });

function openAiError(message: string, code: string | null, type = "invalid_request_error") {
  return { error: { message, type, param: null, code } };
}

/** The multipart body the SDK sent, parsed the way a server would. */
function formOf(req: RecordedRequest): Promise<FormData> {
  const contentType = req.headers["content-type"] ?? "";
  return new Request("http://127.0.0.1/", {
    method: "POST",
    headers: { "content-type": contentType },
    body: new Uint8Array(req.body),
  }).formData();
}

async function hostedError(promise: Promise<unknown>): Promise<HostedProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HostedProviderError);
  const hosted = error as HostedProviderError;
  // The key must not leak through the message, the stack or a logged error object.
  expect(hosted.message).not.toContain(API_KEY);
  expect(inspect(hosted, { depth: 10 })).not.toContain(API_KEY);
  return hosted;
}

beforeAll(async () => {
  const circle = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024"><circle cx="512" cy="512" r="300" fill="rgb(${CIRCLE.join(",")})"/></svg>`;
  const png = await sharp({ create: { width: 1024, height: 1024, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: Buffer.from(circle) }])
    .png()
    .toBuffer();
  circlePng = png.toString("base64");
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  // The "never answers" test leaves a socket open; close it so the run can end.
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  requests.length = 0;
  respond = answerWithPicture;
});

describe("hosted text → sticker", () => {
  it("asks the images API for a transparent sticker of the prompt with the configured model and key", async () => {
    await provider().textToSticker({ prompt: "a happy cat wearing sunglasses", style: "kawaii" });

    expect(requests).toHaveLength(1);
    const req = requests[0] as RecordedRequest;
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/v1/images/generations");
    expect(req.headers.authorization).toBe(`Bearer ${API_KEY}`);
    const body = JSON.parse(req.body.toString("utf8"));
    expect(body).toMatchObject({
      model: MODEL,
      background: "transparent",
      size: "1024x1024",
      output_format: "png",
      n: 1,
    });
    expect(body.prompt).toContain("a happy cat wearing sunglasses");
    expect(body.prompt).toContain("kawaii");
    expect(body.prompt).toContain("transparent background");
  });

  it("asks for one mood of a pack made in one go as '<prompt>, feeling <mood>', for words and for a photo", async () => {
    await provider().textToSticker({ prompt: "a cat", style: "cartoon", mood: "sleeping" });
    const body = JSON.parse((requests[0] as RecordedRequest).body.toString("utf8"));
    expect(body.prompt).toContain("a cat, feeling sleeping");
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#888" } })
      .png()
      .toBuffer();
    await provider().imageToSticker({ image: photo, style: "cartoon", mood: "love" });
    expect(String((await formOf(requests[1] as RecordedRequest)).get("prompt"))).toContain("the subject feeling love");
  });

  it("finishes the picture as a 512×512 RGBA PNG with transparent corners and a die-cut outline", async () => {
    const sticker = await provider().textToSticker({ prompt: "a red ball", style: "kawaii" });

    expect(sticker.subject).toBe("hosted");
    const meta = await sharp(sticker.png).metadata();
    expect(meta.format).toBe("png");
    expect(meta.channels).toBe(4);
    const img = await decodePng(sticker.png);
    expect([img.width, img.height]).toEqual([512, 512]);
    for (const [x, y] of [
      [0, 0],
      [511, 0],
      [0, 511],
      [511, 511],
    ] as const) {
      expect(img.alphaAt(x, y)).toBe(0);
    }
    // The centre is the model's art: the offline pastel filter does not paint it again.
    const centre = img.rgbAt(256, 256);
    for (let c = 0; c < 3; c++) expect(Math.abs((centre[c] as number) - (CIRCLE[c] as number))).toBeLessThanOrEqual(3);
    // Walking in from the left: transparent, then an opaque white border, then the circle.
    let artStart = 0;
    while (artStart < 256 && Math.abs((img.rgbAt(artStart, 256)[0] as number) - CIRCLE[0]) > 3) artStart++;
    expect(artStart).toBeGreaterThan(20);
    expect(artStart).toBeLessThan(200);
    expect(img.alphaAt(artStart - 8, 256)).toBe(255);
    expect(img.rgbAt(artStart - 8, 256)).toEqual([255, 255, 255]);
    expect(img.alphaAt(artStart - 30, 256)).toBeLessThan(128);
  });

  it("draws pixel-style stickers at 512 too", async () => {
    const sticker = await provider().textToSticker({ prompt: "a red ball", style: "pixel" });
    const img = await decodePng(sticker.png);
    expect([img.width, img.height]).toEqual([512, 512]);
    expect(img.alphaAt(0, 0)).toBe(0);
    expect(img.alphaAt(256, 256)).toBe(255);
  });

  it("refuses an empty prompt without calling the API", async () => {
    await expect(provider().textToSticker({ prompt: "   ", style: "cartoon" })).rejects.toMatchObject({
      code: "EMPTY_PROMPT",
    });
    expect(requests).toHaveLength(0);
  });
});

describe("hosted image → sticker", () => {
  it("uploads the picture as a PNG image part with a transparent-background prompt", async () => {
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 40, g: 120, b: 200 } } })
      .jpeg()
      .toBuffer();
    const sticker = await provider().imageToSticker({ image: photo, style: "pop-art" });

    expect(requests).toHaveLength(1);
    const req = requests[0] as RecordedRequest;
    expect(req.path).toBe("/v1/images/edits");
    expect(req.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(req.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    const form = await formOf(req);
    expect(form.get("model")).toBe(MODEL);
    expect(form.get("background")).toBe("transparent");
    expect(form.get("size")).toBe("1024x1024");
    expect(String(form.get("prompt"))).toContain("pop art");
    expect(String(form.get("prompt"))).toContain("transparent background");
    const image = form.get("image");
    expect(image).toBeInstanceOf(File);
    expect((image as File).name).toBe("input.png");
    expect((image as File).type).toBe("image/png");
    const uploaded = await sharp(Buffer.from(await (image as File).arrayBuffer())).metadata();
    expect([uploaded.format, uploaded.width, uploaded.height]).toEqual(["png", 800, 600]);

    expect(sticker.subject).toBe("hosted");
    const img = await decodePng(sticker.png);
    expect([img.width, img.height]).toEqual([512, 512]);
    expect(img.alphaAt(0, 0)).toBe(0);
    expect(img.alphaAt(256, 256)).toBe(255);
  });

  it("reports a failing edit endpoint as unavailable and, possibly paid, not to be retried", async () => {
    respond = (_req, res) => json(res, 500, openAiError("The server had an error.", null, "server_error"));
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#888" } })
      .png()
      .toBuffer();
    const error = await hostedError(provider().imageToSticker({ image: photo, style: "cartoon" }));
    expect([error.code, error.retryable, error.status]).toEqual(["PROVIDER_UNAVAILABLE", false, 500]);
    expect(requests).toHaveLength(1);
  });
});

describe("hosted provider failures", () => {
  it.each([
    ["moderation_blocked", "Your request was rejected by the safety system."],
    ["content_policy_violation", "Your request was rejected as a result of our safety system."],
  ])("marks a safety-system refusal (%s) as RESULT_FLAGGED and not worth retrying", async (providerCode, message) => {
    respond = (_req, res) => json(res, 400, openAiError(message, providerCode, "image_generation_user_error"));
    const error = await hostedError(provider().textToSticker({ prompt: "something forbidden", style: "cartoon" }));
    expect(error.code).toBe("RESULT_FLAGGED");
    expect(error.retryable).toBe(false);
    expect(error.status).toBe(400);
    expect(error.providerCode).toBe(providerCode);
    expect(error.message).toContain("safety system");
    expect(requests).toHaveLength(1);
  });

  it("keeps any other 400 a plain refusal (PROVIDER_REJECTED), not a flag", async () => {
    respond = (_req, res) => json(res, 400, openAiError("Invalid size.", "invalid_value", "invalid_request_error"));
    const error = await hostedError(provider().textToSticker({ prompt: "a cat", style: "cartoon" }));
    expect([error.code, error.retryable]).toEqual(["PROVIDER_REJECTED", false]);
  });

  it.each([
    [401, "PROVIDER_REJECTED", false],
    [403, "PROVIDER_REJECTED", false],
    [404, "PROVIDER_REJECTED", false],
    [422, "PROVIDER_REJECTED", false],
    [409, "PROVIDER_UNAVAILABLE", true],
    [429, "PROVIDER_UNAVAILABLE", true],
    [408, "PROVIDER_TIMEOUT", false],
    [500, "PROVIDER_UNAVAILABLE", false],
    [502, "PROVIDER_UNAVAILABLE", false],
    [503, "PROVIDER_UNAVAILABLE", false],
  ] as const)("maps HTTP %i to %s (retryable: %s) after a single attempt", async (status, code, retryable) => {
    respond = (_req, res) => json(res, status, openAiError(`status ${status}`, null));
    const error = await hostedError(provider().textToSticker({ prompt: "a cat", style: "cartoon" }));
    expect([error.code, error.retryable, error.status]).toEqual([code, retryable, status]);
    // The SDK never tries again on its own (its retries would be more paid calls); the queue decides.
    expect(requests).toHaveLength(1);
  });

  it("keeps the API key out of an error whose body echoes it", async () => {
    respond = (_req, res) => json(res, 401, openAiError(`Incorrect API key provided: ${API_KEY}.`, "invalid_api_key"));
    const error = await hostedError(provider().textToSticker({ prompt: "a cat", style: "cartoon" }));
    expect(error.code).toBe("PROVIDER_REJECTED");
    expect(error.message).toContain("Incorrect API key provided");
  });

  it("times out a server that never answers, as not retryable (the request may be drawing, and billed)", async () => {
    respond = () => {
      // Holds the request open until the client gives up.
    };
    const error = await hostedError(provider(300).textToSticker({ prompt: "a cat", style: "cartoon" }));
    expect([error.code, error.retryable]).toEqual(["PROVIDER_TIMEOUT", false]);
    expect(requests).toHaveLength(1);
  });

  it("treats a connection cut after the request was sent as not retryable", async () => {
    respond = (_req, res) => res.socket?.destroy();
    const error = await hostedError(provider().textToSticker({ prompt: "a cat", style: "cartoon" }));
    expect([error.code, error.retryable, error.status]).toEqual(["PROVIDER_UNAVAILABLE", false, undefined]);
    expect(requests).toHaveLength(1);
  });

  it("reports a refused connection as unavailable and retryable (nothing was sent)", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = createOpenAiProvider({
      apiKey: API_KEY,
      baseURL: `http://127.0.0.1:${port}/v1`,
      model: MODEL,
      timeoutMs: 5_000,
    });
    const error = await hostedError(unreachable.textToSticker({ prompt: "a cat", style: "cartoon" }));
    expect([error.code, error.retryable, error.status]).toEqual(["PROVIDER_UNAVAILABLE", true, undefined]);
  });

  it("treats an answer without a picture as bad output not to be paid for again", async () => {
    respond = (_req, res) => json(res, 200, { created: 1, data: [] });
    const error = await hostedError(provider().textToSticker({ prompt: "a cat", style: "cartoon" }));
    expect([error.code, error.retryable]).toEqual(["PROVIDER_BAD_OUTPUT", false]);
  });

  it("treats an undecodable picture as bad output not to be paid for again", async () => {
    respond = (_req, res) => json(res, 200, { created: 1, data: [{ b64_json: Buffer.from("not a png").toString("base64") }] });
    const error = await hostedError(provider().textToSticker({ prompt: "a cat", style: "cartoon" }));
    expect([error.code, error.retryable]).toEqual(["PROVIDER_BAD_OUTPUT", false]);
  });
});

describe("choosing the provider from config", () => {
  it("uses the offline generator by default", () => {
    expect(createGenerationProvider(parseConfig({})).name).toBe("offline");
  });

  it("refuses the hosted provider without an API key at creation", () => {
    const config = parseConfig({ GENERATION_PROVIDER: "openai" });
    expect(() => createGenerationProvider(config)).toThrow(ConfigError);
    expect(() => createGenerationProvider(config)).toThrow("GENERATION_PROVIDER=openai needs OPENAI_API_KEY");
  });

  it("refuses the sleeping stand-in (GENERATION_PROVIDER=sleep) with NODE_ENV=production, at boot", () => {
    expect(() => parseConfig({ GENERATION_PROVIDER: "sleep" })).toThrow(ConfigError);
    expect(() => parseConfig({ GENERATION_PROVIDER: "sleep", NODE_ENV: "production" })).toThrow("GENERATION_PROVIDER: sleep");
  });

  it("the sleeping stand-in waits, then answers a different 512 px PNG each time", async () => {
    const sleeper = createGenerationProvider(parseConfig({ GENERATION_PROVIDER: "sleep", NODE_ENV: "test" }));
    expect(sleeper.name).toBe("sleep");
    const started = performance.now();
    const [a, b] = await Promise.all([
      sleeper.textToSticker({ prompt: "a cat", style: "cartoon" }),
      sleeper.imageToSticker({ image: Buffer.alloc(0), style: "cartoon" }),
    ]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(SLEEP_PROVIDER_MS - 5);
    expect(a!.png.equals(b!.png)).toBe(false);
    expect(await sharp(a!.png).metadata()).toMatchObject({ format: "png", width: 512, height: 512 });
  });

  it("builds the hosted provider from the OPENAI_* settings", async () => {
    const hosted = createGenerationProvider(
      parseConfig({
        GENERATION_PROVIDER: "openai",
        OPENAI_API_KEY: API_KEY,
        OPENAI_BASE_URL: baseURL,
        OPENAI_IMAGE_MODEL: "configured-model",
      }),
    );
    expect(hosted.name).toBe("openai");
    await hosted.textToSticker({ prompt: "a cat", style: "retro" });
    const req = requests[0] as RecordedRequest;
    expect(JSON.parse(req.body.toString("utf8")).model).toBe("configured-model");
    expect(req.headers.authorization).toBe(`Bearer ${API_KEY}`);
  });
});
