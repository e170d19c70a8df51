/**
 * `npm run bench:edit` (decision 0047): the time from an edit to the new picture, as the owner's editor
 * asks for it. A sticker is made through the real queue on an embedded database, then `EDIT_BENCH_RUNS`
 * (30) edits, each a different setting, go through the preview route (drawn, WebP, answered) and the save
 * call (drawn, stored, shown). Prints the median and p90 of each.
 */
import { encodeEdit, type StickerEdit } from "#common/sticker-edit.ts";
import { sessionCookieName } from "#server/sessions/session-cookie.ts";
import { startTaskWorkers } from "#server/tasks/task-worker.ts";
import { callApi, createGalleryTestApp } from "#tests/support/stickers.ts";
import { userWithPoints, waitForTask } from "#tests/support/tasks.ts";
import { closeTestApp } from "#tests/support/test-app.ts";

const RUNS = Number(process.env.EDIT_BENCH_RUNS ?? 30);

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

const t = await createGalleryTestApp(0, { LOG_LEVEL: "error" });
const workers = await startTaskWorkers(t.app);
try {
  const owner = await userWithPoints(t, "bench-edit@example.com", 5);
  const submit = await callApi(t, "POST", "/api/aitask/submitGenerateText", {
    body: { prompt: 'a happy cat saying "hello"' },
    session: owner,
  });
  const done = await waitForTask(t, owner, submit.body.data.taskId);
  const stickerInstId: string = done.stickers[0].stickerInstId;
  const original: StickerEdit = (await callApi(t, "GET", "/api/sticker/editor", { params: { stickerInstId }, session: owner }))
    .body.data.original;
  const cookie = { Cookie: `${sessionCookieName(t.app.config)}=${owner.token}` };
  const variant = (run: number): StickerEdit => ({
    ...original,
    caption:
      run % 3 === 2
        ? null
        : { text: `hello ${run}`, position: (["top", "middle", "bottom"] as const)[run % 3]!, color: "#22aa55" },
    outline: { width: run % 17, color: run % 2 ? "#ff3366" : "#ffffff" },
    shadow: run % 2 === 0,
    zoom: 0.6 + (run % 10) / 10,
    offsetX: ((run % 5) - 2) / 10,
    flip: run % 2 === 1,
  });
  // One of each first: fonts and modules load once, as in a process that has edited before.
  await t.server.request(`/files/edit-preview/${stickerInstId}?e=${encodeEdit(original)}`, { headers: cookie });
  const previews: number[] = [];
  const saves: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const edit = variant(run);
    let started = performance.now();
    const preview = await t.server.request(`/files/edit-preview/${stickerInstId}?e=${encodeEdit(edit)}`, { headers: cookie });
    await preview.arrayBuffer();
    if (preview.status !== 200) throw new Error(`preview answered ${preview.status}`);
    previews.push(performance.now() - started);
    started = performance.now();
    const saved = await callApi(t, "POST", "/api/sticker/edit", { body: { stickerInstId, edit }, session: owner });
    if (saved.http !== 200) throw new Error(`save answered ${saved.http}`);
    saves.push(performance.now() - started);
  }
  const ms = (value: number) => `${Math.round(value)} ms`;
  console.log(`bench:edit — ${RUNS} edits of one sticker, each a different setting (embedded database, this machine)`);
  console.log(`  preview (drawn, WebP, answered):  median ${ms(quantile(previews, 0.5))}, p90 ${ms(quantile(previews, 0.9))}`);
  console.log(`  save (drawn, stored, shown):      median ${ms(quantile(saves, 0.5))}, p90 ${ms(quantile(saves, 0.9))}`);
  console.log(`  target: median from an edit to the new picture ≤ 300 ms`);
} finally {
  await workers.stop();
  await closeTestApp(t);
}
