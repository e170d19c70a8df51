import type { Page } from "@playwright/test";
import { signatureHeaders } from "../support/call-signature.ts";
import { expect } from "./fixtures.ts";

/** The key the page signs its calls with: the session's, or the public client key (root loader state). */
function signingKeyOf(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      (window as unknown as { __reactRouterDataRouter: { state: { loaderData: { root: { signingKey: string } } } } })
        .__reactRouterDataRouter.state.loaderData.root.signingKey,
  );
}

/**
 * A signed API call as the signed-in page makes it: the session's signing key is in the root loader's
 * state (decision 0003), read here through React Router's own window handle; the cookie comes from
 * the browser context. Fails the test unless the call answers 200.
 */
export async function signedCall<T>(page: Page, method: "GET" | "POST", path: string, input: Record<string, unknown>) {
  const key = await signingKeyOf(page);
  const query = Object.entries(input).map(([name, value]): [string, string] => [name, String(value)]);
  const headers = await signatureHeaders(method, path, {
    search: new URLSearchParams(query),
    body: input,
    key,
    client: "web/e2e",
  });
  // The page's own server: a spec may run its own app beside the run's (moderation.spec.ts).
  const url = new URL(path, page.url());
  const response =
    method === "GET"
      ? await page.request.get(`${url.href}?${new URLSearchParams(query)}`, { headers })
      : await page.request.post(url.href, { headers, data: input });
  const envelope = (await response.json()) as { status: number | string; data: T };
  expect(envelope.status, JSON.stringify(envelope)).toBe(200);
  return envelope.data;
}

/** A new sticker of the signed-in user (public unless asked), drawn by the offline generator; its stickerInstId. */
export async function makeOwnSticker(
  page: Page,
  prompt = "a fox with a striped scarf",
  visibility: "public" | "private" = "public",
) {
  const { taskId } = await signedCall<{ taskId: number }>(page, "POST", "/api/aitask/submitGenerateText", {
    prompt,
    visibility,
  });
  return (await followTaskToTheEnd(page, taskId)).stickers[0]?.stickerInstId ?? "";
}

/** Asks for the task (`GET /api/v2/aitask/get`) until it is done (status 2); its last answer. */
async function followTaskToTheEnd(page: Page, taskId: number) {
  let task = { status: 0, stickers: [] as { stickerInstId: string }[] };
  await expect
    .poll(
      async () => {
        task = await signedCall<typeof task>(page, "GET", "/api/v2/aitask/get", { taskId });
        return task.status;
      },
      { timeout: 60_000 },
    )
    .toBe(2);
  return task;
}

/**
 * A picture sticker of the signed-in user made by the same signed upload the create panel sends
 * (`POST /api/aitask/submitGenerate`, multipart), followed until it is done: for tests that need the
 * points spent, not the panel (create.spec.ts proves the panel's own upload).
 */
export async function makePictureSticker(page: Page, picture: Buffer) {
  const key = await signingKeyOf(page);
  const path = "/api/aitask/submitGenerate";
  const fields = { visibility: "private" };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const headers = await signatureHeaders("POST", path, { search: new URLSearchParams(), form, key, client: "web/e2e" });
  const response = await page.request.post(new URL(path, page.url()).href, {
    headers,
    multipart: { ...fields, file: { name: "picture.png", mimeType: "image/png", buffer: picture } },
  });
  const envelope = (await response.json()) as { status: number | string; data: { taskId: number } };
  expect(envelope.status, JSON.stringify(envelope)).toBe(200);
  await followTaskToTheEnd(page, envelope.data.taskId);
}
