/**
 * Scores what the generator drew for a prompt against the concepts the evaluation list expects
 * (server/generation/eval/prompts.json; decision 0028). Shared by `npm run eval:generator` and its test.
 */

export interface EvalList {
  /**
   * "all" (the default): every expected concept must be drawn and nothing else. "main": only the main
   * subject is judged — the first drawn subject must be the first expected concept (issue 30's lists).
   */
  judge?: "all" | "main";
  concepts: Record<string, string[]>;
  /** Locale → [prompt, ...expected concepts]. */
  prompts: Record<string, string[][]>;
}

export interface DrawnPlan {
  subjects: { slug: string; relation: string }[];
  decorations: string[];
}

export interface PromptScore {
  ok: boolean;
  /** Why it failed, in words for the report. */
  reason: string | null;
}

interface Expected {
  slugs: string[];
  relation: string | null;
  mood: boolean;
}

function expectedOf(list: EvalList, concept: string): Expected {
  const [id = "", relation = null] = concept.split("@");
  return { slugs: list.concepts[id] ?? [id], relation, mood: id.startsWith("mood:") };
}

/**
 * A prompt passes when its main subject is the first expected subject, every expected concept is
 * drawn (a mood as its decoration or as the drawn face), a given relation places the second subject,
 * and nothing else is drawn as a subject. A list judged on its main subject (`judge: "main"`) asks only
 * the first of these.
 */
export function scorePrompt(
  list: EvalList,
  expected: string[],
  drawn: DrawnPlan,
  moodOf: (slug: string) => string[],
): PromptScore {
  const wants = expected.map((c) => ({ concept: c, ...expectedOf(list, c) }));
  const used = new Set<number>();
  const found = (slugs: string[]) => drawn.subjects.findIndex((s, i) => !used.has(i) && slugs.includes(s.slug));

  const main = wants.find((w) => !w.mood) ?? wants[0];
  const first = drawn.subjects[0];
  if (!main || !first) return { ok: false, reason: "nothing drawn" };
  // A prompt that is only a mood ("party time!") draws the mood's own face as the subject.
  const mainMatches = main.slugs.includes(first.slug) || (main.mood && moodOf(first.slug).some((d) => main.slugs.includes(d)));
  if (!mainMatches) return { ok: false, reason: `main is ${first.slug}, expected ${main.concept}` };
  if (list.judge === "main") return { ok: true, reason: null };
  used.add(0);

  for (const w of wants) {
    if (w === main) continue;
    if (w.mood) {
      const asDecoration = drawn.decorations.some((d) => w.slugs.includes(d));
      const face = drawn.subjects.findIndex(
        (s, i) => !used.has(i) && (w.slugs.includes(s.slug) || moodOf(s.slug).some((d) => w.slugs.includes(d))),
      );
      if (face >= 0) used.add(face);
      if (!asDecoration && face < 0) return { ok: false, reason: `no ${w.concept}` };
      continue;
    }
    const at = found(w.slugs);
    if (at < 0) return { ok: false, reason: `no ${w.concept}` };
    const relation = drawn.subjects[at]?.relation;
    if (w.relation && relation !== w.relation) return { ok: false, reason: `${w.concept} is ${relation}` };
    used.add(at);
  }
  const stray = drawn.subjects.filter((_, i) => !used.has(i)).map((s) => s.slug);
  if (stray.length > 0) return { ok: false, reason: `also drew ${stray.join(", ")}` };
  return { ok: true, reason: null };
}
