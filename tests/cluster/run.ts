/**
 * `npm run test:cluster`: two web processes and two workers started together on a fresh
 * PostgreSQL database, with Redis, S3 (s3rver), an SMTP sink and nginx in front (tests/cluster/cluster.ts).
 * At least 100 simulated users go through the balancer — sign in by the mailed link, make text and
 * picture stickers, favourite, download, switch plans on the payments sandbox — while one worker is
 * SIGKILLed and one web process is SIGTERMed and started again. Then it checks, from the database
 * and the answers: no task lost or stuck, each task debited once and refunded at most once, every
 * balance equal to its ledger, no failed request but cut connections, every file served by every
 * web process. One summary line; exit code 1 when a check fails.
 *
 * Settings: CLUSTER_USERS (100), CLUSTER_CONCURRENCY (20), CLUSTER_PORT (3600: the balancer, then the
 * web processes; S3 and SMTP at +40, +41), TEST_DATABASE_URL (required; without it the run says so and
 * passes, or fails under CI=true), TEST_REDIS_URL.
 */
import sharp from "sharp";
import { ClusterUser, newTraffic } from "./client.ts";
import { type Cluster, type ClusterProcess, prepareBuild, sleep, startCluster, tail } from "./cluster.ts";

const USERS = Number(process.env.CLUSTER_USERS ?? 100);
const CONCURRENCY = Number(process.env.CLUSTER_CONCURRENCY ?? 20);
/** Bounds: a task must end within this after the last user is done, the whole run within RUN_LIMIT_MS. */
const SETTLE_MS = 120_000;
const RUN_LIMIT_MS = 4 * 60_000;
const STARTING_POINTS = 10;
/** Mailboxes that ask the stopping web process for a sign-in link right before its SIGTERM. */
const LATE_MAILS = ["late-1@cluster.example", "late-2@cluster.example", "late-3@cluster.example"];
const PROMPTS = ["a happy cat", "pizza party", "rocket to the moon", "sleepy panda", "cool dog", "ice cream", "tiny robot"];

interface Sticker {
  owner: ClusterUser;
  paths: string[];
  visibility: "public" | "private";
}

interface TaskAnswer {
  taskId: number;
  status: number;
  stickers: { stickerInstId: string; picId: { id: string }; imageUrl: string; thumbUrl: string }[];
}

const traffic = newTraffic();
const stickersMade: Sticker[] = [];
const submittedTaskIds = new Set<number>();
let usersStarted = 0;
let usersDone = 0;
let planSwitches = 0;
const userErrors: string[] = [];

/** A small picture of its own per user (stored pictures are content-addressed). */
async function pictureOf(i: number) {
  const png = await sharp({
    create: { width: 160, height: 120, channels: 3, background: { r: (i * 37) % 256, g: (i * 91) % 256, b: (i * 53) % 256 } },
  })
    .composite([
      {
        input: Buffer.from(`<svg width="160" height="120"><circle cx="80" cy="60" r="${20 + (i % 30)}" fill="#fff"/></svg>`),
      },
    ])
    .png()
    .toBuffer();
  return new File([new Uint8Array(png)], `photo-${i}.png`, { type: "image/png" });
}

/** Until the task ends (success 2 or failed 3), through the balancer: any process may answer. */
async function finished(user: ClusterUser, taskId: number, deadline: number): Promise<TaskAnswer> {
  while (Date.now() < deadline) {
    const task = await user.ok<TaskAnswer>("GET", "/api/v2/aitask/get", { params: { taskId: String(taskId) } });
    if (task.status === 2 || task.status === 3) return task;
    await sleep(500);
  }
  throw new Error(`task ${taskId} of ${user.email} did not end in time`);
}

/** Monthly on the sandbox's checkout, then annual: straight to one web process, as the sandbox's pages are (decision 0012). */
async function switchPlans(user: ClusterUser, cluster: Cluster) {
  const port = cluster.webs[0]?.port as number;
  const checkout = await user.ok<string>("POST", "/api/subscribe", {
    body: { plan: 2, successPage: "/rechargeSuccess", errorPage: "/pricing" },
    port,
  });
  const paid = await user.send("POST", new URL(checkout).pathname, {
    port,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "outcome=pay",
  });
  if (paid.status < 300 || paid.status >= 400) {
    traffic.failures.push(`sandbox checkout pay for ${user.email}: ${paid.status}`);
    throw new Error("sandbox checkout did not redirect");
  }
  await planSeenEverywhere(user, cluster, 2);
  const switched = await user.ok<string>("POST", "/api/subscribe", { body: { plan: 1 }, port });
  if (switched !== "success") traffic.failures.push(`switch to annual for ${user.email}: ${switched}`);
  await planSeenEverywhere(user, cluster, 1);
  planSwitches += 1;
}

/** The plan through the balancer, then on every web process: they all read the one database. */
async function planSeenEverywhere(user: ClusterUser, cluster: Cluster, planId: number) {
  const deadline = Date.now() + 20_000;
  while ((await user.ok<{ planId: number }>("GET", "/api/user/subscribe")).planId !== planId) {
    if (Date.now() > deadline) {
      traffic.failures.push(`plan ${planId} of ${user.email} never showed through the balancer`);
      throw new Error("plan not applied");
    }
    await sleep(300);
  }
  for (const web of cluster.webs) {
    // The one being restarted is asked after its restart, by the file checks.
    if (!web.serving) continue;
    const seen = await user
      .ok<{ planId: number }>("GET", "/api/user/subscribe", { port: web.port as number, uncounted: true })
      .catch((error: unknown) => {
        // Stopped between the look and the call: it is asked again after its restart, by the file checks.
        if (web.serving) throw error;
        return { planId };
      });
    if (seen.planId !== planId) traffic.failures.push(`${web.name} shows plan ${seen.planId} for ${user.email}, not ${planId}`);
  }
}

async function simulateUser(cluster: Cluster, i: number, deadline: number) {
  usersStarted += 1;
  const user = new ClusterUser({
    email: `user-${i + 1}@cluster.example`,
    origin: cluster.origin,
    localAddress: `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`,
    traffic,
  });
  try {
    await user.expectStatus("GET", "/", 200);
    const popular = await user.ok<{ list: { stickerInstId: string }[] }>("GET", "/api/square/pageByTag", {
      params: { tagId: "1", size: "8" },
    });
    const info = await user.signIn(cluster.mails);
    if (info.point !== STARTING_POINTS) traffic.failures.push(`${user.email} starts with ${info.point} points`);
    const member = i % 5 === 0;
    if (member) await switchPlans(user, cluster);

    const tasks: { taskId: number; visibility: "public" | "private" }[] = [];
    const visibility = i % 4 === 1 ? "private" : "public";
    const text = await user.ok<{ taskId: number; cost: number }>("POST", "/api/aitask/submitGenerateText", {
      body: { prompt: `${PROMPTS[i % PROMPTS.length]} ${i}`, visibility },
    });
    submittedTaskIds.add(text.taskId);
    tasks.push({ taskId: text.taskId, visibility });
    if (text.cost !== (member ? 0 : 1)) traffic.failures.push(`${user.email} paid ${text.cost} for a text sticker`);
    if (i % 3 === 0) {
      const form = new FormData();
      form.set("file", await pictureOf(i));
      form.set("visibility", "private");
      const image = await user.ok<{ taskId: number }>("POST", "/api/aitask/submitGenerate", { form });
      submittedTaskIds.add(image.taskId);
      tasks.push({ taskId: image.taskId, visibility: "private" });
    }

    const own: TaskAnswer["stickers"] = [];
    for (const task of tasks) {
      const done = await finished(user, task.taskId, deadline);
      for (const sticker of done.stickers) {
        stickersMade.push({ owner: user, paths: [sticker.imageUrl, sticker.thumbUrl], visibility: task.visibility });
        if (task.visibility === "public") own.push(sticker);
      }
    }

    const liked = own[0]?.stickerInstId ?? popular.list[i % Math.max(1, popular.list.length)]?.stickerInstId;
    if (liked) {
      await user.ok("POST", "/api/favorite", { body: { stickerInstId: liked, action: "add" } });
      // Twice through the balancer: round robin asks both web processes.
      for (let n = 0; n < 2; n++) {
        const status: { favorited: string[] } = await user.ok<{ favorited: string[] }>("GET", "/api/favorite/status", {
          params: { stickerInstIds: liked },
        });
        if (!status.favorited.includes(liked)) traffic.failures.push(`${user.email}'s favourite ${liked} is missing`);
      }
    }
    const download = own[0]?.picId.id;
    if (download) await user.expectStatus("GET", `/files/download/${download}`, 200);
    usersDone += 1;
  } catch (error) {
    userErrors.push(`${user.email}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    user.close();
  }
}

/** Runs `count` users, `concurrency` at a time. */
async function simulateUsers(cluster: Cluster, deadline: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, USERS) }, async () => {
      while (next < USERS) {
        const i = next++;
        await simulateUser(cluster, i, deadline);
      }
    }),
  );
}

interface Chaos {
  killedWorker: string | null;
  killedWhileBusy: boolean;
  restartedWeb: string | null;
  stopMs: number | null;
  stopExit: string | null;
}

/** One worker SIGKILLed while both draw; later one web process SIGTERMed under load, then started again. */
async function makeTrouble(cluster: Cluster, stopWhen: () => boolean): Promise<Chaos> {
  const chaos: Chaos = { killedWorker: null, killedWhileBusy: false, restartedWeb: null, stopMs: null, stopExit: null };
  const worker = cluster.workers[0] as ClusterProcess;
  while (!stopWhen()) {
    const { rows } = await cluster.db.query<{ running: string }>("select count(*) as running from tasks where status = 1");
    if (Number(rows[0]?.running) >= cluster.workers.length) {
      chaos.killedWhileBusy = true;
      break;
    }
    await sleep(100);
  }
  worker.killHard();
  chaos.killedWorker = worker.name;

  while (!stopWhen() && usersStarted < USERS * 0.5) await sleep(200);
  const web = cluster.webs[cluster.webs.length - 1] as ClusterProcess;
  // Sign-in links asked of this process just before it stops: answered, so their mails must go out.
  const asker = new ClusterUser({ email: "late@cluster.example", origin: cluster.origin, localAddress: "127.0.3.1", traffic });
  for (const email of LATE_MAILS) {
    asker.email = email;
    await asker.ok("GET", "/api/getVerifyEmail", { params: { email }, port: web.port as number });
  }
  asker.close();
  const started = Date.now();
  web.terminate();
  const exit = await Promise.race([web.exited, sleep(30_000).then(() => null)]);
  if (!exit) throw new Error(`${web.name} did not stop within 30 s of SIGTERM:\n${tail(web.log())}`);
  chaos.stopMs = Date.now() - started;
  chaos.stopExit = exit.signal ?? String(exit.code);
  web.start();
  await web.ready(90_000);
  chaos.restartedWeb = web.name;
  return chaos;
}

async function waitForTasksToEnd(cluster: Cluster) {
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const { rows } = await cluster.db.query<{ open: string }>("select count(*) as open from tasks where status in (0, 1)");
    if (Number(rows[0]?.open) === 0 || Date.now() > deadline) return;
    await sleep(500);
  }
}

/** Every stored file of the users' stickers, straight from every web process (the owner asks for a private one). */
async function checkFiles(cluster: Cluster) {
  let served = 0;
  const missing: string[] = [];
  for (const sticker of stickersMade) {
    for (const web of cluster.webs) {
      for (const file of sticker.paths) {
        const answer = await sticker.owner.send("GET", new URL(file, cluster.origin).pathname, { port: web.port as number });
        if (answer.status === 200 && answer.body.length > 0) served += 1;
        else missing.push(`${file} on ${web.name}: ${answer.status}`);
      }
    }
  }
  return { served, missing };
}

async function checkDatabase(cluster: Cluster) {
  const q = async <Row>(sql: string) => (await cluster.db.query(sql)).rows as Row[];
  const [counts] = await q<{ total: string; done: string; failed: string; open: string; retried: string }>(`
    select count(*) as total, count(*) filter (where status = 2) as done, count(*) filter (where status = 3) as failed,
           count(*) filter (where status in (0, 1)) as open, count(*) filter (where attempts > 1) as retried
    from tasks`);
  const known = new Set((await q<{ id: string }>("select id from tasks")).map((row) => Number(row.id)));
  const lost = [...submittedTaskIds].filter((id) => !known.has(id));
  const money = await q<{ id: string; status: number; cost: number; debits: string; refunds: string }>(`
    select t.id, t.status, t.cost,
           (select count(*) from points_ledger l where l.idempotency_key = 'task:' || t.id || ':debit') as debits,
           (select count(*) from points_ledger l where l.idempotency_key = 'task:' || t.id || ':refund') as refunds
    from tasks t`);
  const debitErrors = money.filter((row) => Number(row.debits) !== (row.cost > 0 ? 1 : 0));
  const refundErrors = money.filter(
    (row) =>
      Number(row.refunds) > 1 ||
      (Number(row.refunds) > 0 && row.status !== 3) ||
      (row.status === 3 && row.cost > 0 && Number(row.refunds) !== 1),
  );
  const unbalanced = await q<{ id: string }>(`
    select u.id from users u left join points_ledger l on l.user_id = u.id
    group by u.id, u.point having u.point <> coalesce(sum(l.delta), 0) or u.point < 0`);
  const [members] = await q<{ annual: string }>(`
    select count(distinct user_id) as annual from subscriptions where plan_id = 1 and status in ('trialing', 'active')`);
  return {
    total: Number(counts?.total),
    done: Number(counts?.done),
    failed: Number(counts?.failed),
    stuck: Number(counts?.open),
    retried: Number(counts?.retried),
    lost: lost.length,
    debitErrors: debitErrors.length,
    refundErrors: refundErrors.length,
    unbalanced: unbalanced.length,
    annualMembers: Number(members?.annual),
  };
}

async function main() {
  const started = Date.now();
  prepareBuild();
  const prepared = Date.now();
  const cluster = await startCluster({
    webs: 2,
    workers: 2,
    env: {
      SEED_GALLERY_SIZE: "8",
      // The packs are made once across processes by server/db/startup-lock.test.ts; here they would only
      // draw in the background during the load.
      SEED_PACKS: "false",
      STARTING_POINTS: String(STARTING_POINTS),
      WORKER_CONCURRENCY: "1",
      QUEUE_HEARTBEAT_SECONDS: "10",
      QUEUE_SUPERVISE_SECONDS: "2",
      SHUTDOWN_GRACE_MS: "10000",
      PUBLIC_LIST_CACHE_SECONDS: "2",
      UPLOAD_DECODE_CONCURRENCY: "2",
    },
  });
  const booted = Date.now();
  let failed = true;
  // Stops by itself: past the time limit, or on Ctrl-C, every process it started is ended.
  const abort = (why: string, code: number) => {
    console.error(`cluster test stopped: ${why}`);
    void cluster.close().finally(() => process.exit(code));
  };
  setTimeout(() => abort("over the time limit", 1), RUN_LIMIT_MS + SETTLE_MS + 60_000).unref();
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => abort(signal, 130));
  try {
    const deadline = started + RUN_LIMIT_MS;
    const users = simulateUsers(cluster, deadline);
    let usersFinished = false;
    void users.finally(() => {
      usersFinished = true;
    });
    const chaos = await makeTrouble(cluster, () => usersFinished);
    await users;
    await waitForTasksToEnd(cluster);
    const db = await checkDatabase(cluster);
    const files = await checkFiles(cluster);
    const lateMails = LATE_MAILS.filter((email) => cluster.mails.some((mail) => mail.to === email)).length;
    const alive = [...cluster.webs, ...cluster.workers].filter((member) => member.name !== chaos.killedWorker && !member.running);

    const checks: [string, boolean][] = [
      [`all ${USERS} users finished (${userErrors.length} stopped: ${userErrors.slice(0, 3).join(" | ")})`, usersDone === USERS],
      [`no request failed (${traffic.failures.slice(0, 5).join(" | ")})`, traffic.failures.length === 0],
      [`no task lost (${db.lost})`, db.lost === 0],
      [`no task stuck (${db.stuck})`, db.stuck === 0],
      [`no task failed (${db.failed})`, db.failed === 0],
      [`every task debited once (${db.debitErrors} wrong)`, db.debitErrors === 0],
      [`every task refunded at most once, and only a failed one (${db.refundErrors} wrong)`, db.refundErrors === 0],
      [`every balance equals its ledger (${db.unbalanced} differ)`, db.unbalanced === 0],
      [
        `a worker SIGKILLed mid-job, and its job run again by the other (${db.retried} retried)`,
        chaos.killedWhileBusy && db.retried > 0,
      ],
      [`every file served by every web process (${files.missing.slice(0, 3).join(" | ")})`, files.missing.length === 0],
      [
        `every plan switch landed (${db.annualMembers} annual members, ${planSwitches} of ${Math.ceil(USERS / 5)} switches seen everywhere)`,
        db.annualMembers === Math.ceil(USERS / 5) && planSwitches === db.annualMembers,
      ],
      [
        `sign-in mails asked of ${chaos.restartedWeb} just before its SIGTERM went out (${lateMails} of ${LATE_MAILS.length})`,
        lateMails === LATE_MAILS.length,
      ],
      [`the other processes still run (${alive.map((member) => member.name).join(", ")} stopped)`, alive.length === 0],
    ];
    const wrong = checks.filter(([, ok]) => !ok);
    for (const [name] of wrong) console.error(`FAILED: ${name}`);
    if (wrong.length > 0) {
      for (const member of [...cluster.webs, ...cluster.workers]) console.error(`--- ${member.name}\n${tail(member.log(), 15)}`);
    }
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `cluster: ${USERS} users, 2 web + 2 workers behind nginx, ${db.total} tasks (${db.done} done, ${db.failed} failed), ` +
        `${db.lost} lost, ${db.stuck} stuck, ${db.debitErrors} debit and ${db.refundErrors} refund errors, ` +
        `${db.unbalanced} balances off their ledger, ${planSwitches} plan switches, ` +
        `${traffic.requests} requests (${traffic.failures.length} failed, ${traffic.cut.length} cut, ${traffic.retried} reads retried), ` +
        `${files.served} file reads on every web process, ${chaos.killedWorker} SIGKILLed${chaos.killedWhileBusy ? " mid-job" : ""} ` +
        `(${db.retried} tasks retried), ${chaos.restartedWeb} SIGTERM → exit ${chaos.stopExit} in ${seconds(chaos.stopMs ?? 0)} and restarted; ` +
        `boot ${seconds(booted - prepared)}, total ${seconds(Date.now() - started)}`,
    );
    if (traffic.cut.length > 0) {
      console.log(`cut: ${traffic.cut.join(" | ")}`);
      console.log(`nginx said:\n${tail(cluster.proxyLog(), 10)}`);
    }
    if (traffic.retriedWhy.length > 0) console.log(`reads retried: ${traffic.retriedWhy.join(" | ")}`);
    console.log(`${checks.length - wrong.length} passed, ${wrong.length} failed`);
    failed = wrong.length > 0;
  } finally {
    await cluster.close();
  }
  process.exit(failed ? 1 : 0);
}

if (!process.env.TEST_DATABASE_URL) {
  // Like the PostgreSQL run (scripts/test-on-postgres.ts): never silent, and a CI without it fails.
  const inCi = /^(1|true)$/i.test(process.env.CI ?? "");
  console.error(
    [
      "!! Cluster test NOT run: TEST_DATABASE_URL is not set (it also needs Redis, TEST_REDIS_URL, and nginx).",
      "!! Set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to run it.",
      inCi ? "!! CI=true: failing." : "!! Passing anyway (not CI).",
    ].join("\n"),
  );
  process.exit(inCi ? 1 : 0);
}
main().catch((error: unknown) => {
  console.error("cluster test could not run:", error);
  process.exit(1);
});
