import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "#common/languages.ts";
import { artStore } from "../art/art-store.ts";
import { MOOD_DECORATIONS } from "../prompt/moods.ts";
import { parsePrompt } from "../prompt/parse-prompt.ts";
import type { EvalList } from "./score-prompts.ts";
import { scorePrompt } from "./score-prompts.ts";

const list = JSON.parse(readFileSync(new URL("./prompts.json", import.meta.url), "utf8")) as EvalList;
const moodOf = (slug: string) => (MOOD_DECORATIONS.get(slug) ?? []).map((d) => d.slug);

describe("the generator's evaluation list (npm run eval:generator, decision 0028)", () => {
  it("holds at least 30 prompts in each of the 14 interface languages", () => {
    for (const language of LANGUAGES) expect(list.prompts[language]?.length ?? 0, language).toBeGreaterThanOrEqual(30);
  });

  it("expects only emoji the art index has", () => {
    const known = artStore().bySlug;
    const expected = Object.values(list.prompts).flatMap((prompts) => prompts.flatMap(([, ...concepts]) => concepts));
    for (const concept of expected) {
      const id = concept.split("@")[0] ?? "";
      for (const slug of list.concepts[id] ?? [id]) expect(known.has(slug), `${concept}: ${slug}`).toBe(true);
    }
  });

  it.each(LANGUAGES)("%s: at least 85 % of the prompts plan the expected subjects", (language) => {
    const prompts = list.prompts[language] ?? [];
    const passed = prompts.filter(([prompt = "", ...expected]) => {
      const plan = parsePrompt(prompt, language);
      return scorePrompt(list, expected, { subjects: plan.subjects, decorations: plan.decorations.map((d) => d.slug) }, moodOf)
        .ok;
    });
    expect(passed.length / prompts.length).toBeGreaterThanOrEqual(0.85);
  });

  it("fails a plan with a stray subject, a wrong main subject or a misplaced second subject", () => {
    const score = (expected: string[], subjects: [string, string][], decorations: string[] = []) =>
      scorePrompt(list, expected, { subjects: subjects.map(([slug, relation]) => ({ slug, relation })), decorations }, moodOf);
    expect(
      score(
        ["cat", "package@under"],
        [
          ["cat-face", "main"],
          ["package", "under"],
        ],
      ).ok,
    ).toBe(true);
    expect(
      score(
        ["cat", "package@under"],
        [
          ["cat-face", "main"],
          ["package", "held"],
        ],
      ).ok,
    ).toBe(false);
    expect(
      score(
        ["cat", "package"],
        [
          ["package", "main"],
          ["cat-face", "held"],
        ],
      ).ok,
    ).toBe(false);
    expect(
      score(
        ["bat"],
        [
          ["bat", "main"],
          ["parachute", "held"],
        ],
      ).ok,
    ).toBe(false);
    expect(score(["dog", "mood:happy"], [["dog-face", "main"]], ["sparkles"]).ok).toBe(true);
    expect(score(["mood:party"], [["party-popper", "main"]]).ok).toBe(true);
  });
});
