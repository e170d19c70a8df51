import { expect, test } from "./fixtures.ts";
import { signInByLink, uniqueEmail } from "./session.ts";

/**
 * Prompt rules (decision 0032): a clearly unsafe prompt is refused before any point is spent, with the
 * refusal in the page's language, whatever language the prompt is written in.
 */
const CASES = [
  {
    language: "en",
    path: "/",
    prompt: "a naked woman",
    label: "Describe your sticker",
    generate: "Generate sticker",
    refusal: "That description isn't allowed here. Please try something else.",
    balance: "Costs 1 point · you have 10",
  },
  {
    language: "zh",
    path: "/zh/",
    prompt: "色情 图片",
    label: "描述你的贴纸",
    generate: "生成贴纸",
    refusal: "此处不允许使用该描述，请换个内容试试。",
    balance: "需要 1 积分 · 你有 10 积分",
  },
  {
    language: "ar",
    path: "/ar/",
    prompt: "صور إباحية",
    label: "صِف ملصقك",
    generate: "إنشاء الملصق",
    refusal: "هذا الوصف غير مسموح به هنا. يُرجى تجربة شيء آخر.",
    balance: "التكلفة 1 نقطة · رصيدك 10",
  },
] as const;

test("a blocked prompt in English, Chinese and Arabic is refused in the page's language and no point is spent", async ({
  page,
}, info) => {
  test.slow(); // signs in by e-mail
  await page.goto("/");
  await signInByLink(page, uniqueEmail("rules"));
  for (const c of CASES) {
    await page.goto(c.path);
    await expect(page.getByText(c.balance)).toBeVisible();
    await page.getByLabel(c.label).fill(c.prompt);
    const refused = page.waitForResponse((response) => response.url().includes("/api/aitask/submitGenerateText"));
    await page.getByRole("button", { name: c.generate }).click();
    expect(((await (await refused).json()) as { status: string }).status).toBe("PROMPT_BLOCKED");
    await expect(page.getByText(c.refusal)).toBeVisible();
    // No task started: no progress, and the prompt stays for editing.
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    await expect(page.getByLabel(c.label)).toHaveValue(c.prompt);
    await page.screenshot({ path: info.outputPath(`prompt-blocked-${c.language}.png`) });
    // The balance the server renders is unchanged.
    await page.reload();
    await expect(page.getByText(c.balance)).toBeVisible();
  }
  // A prompt in another language than the page's is refused all the same.
  await page.goto("/ar/");
  await page.getByLabel("صِف ملصقك").fill("pоrn");
  await page.getByRole("button", { name: "إنشاء الملصق" }).click();
  await expect(page.getByText("هذا الوصف غير مسموح به هنا. يُرجى تجربة شيء آخر.")).toBeVisible();
});
