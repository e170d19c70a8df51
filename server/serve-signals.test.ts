/**
 * SIGTERM to a real web process (`listen` in `server/serve.ts`): it answers /readyz 503 at once, hands
 * off (reads arriving answered 503, writes served) until no connection comes, then refuses new ones, finishes a long download whole, closes idle keep-alive connections, and exits 0
 * (decision 0020). The child process is `tests/support/serve-child.ts` on in-memory PGlite.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { get } from "node:http";
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";

const CHUNKS = 40;
const CHUNK = 64 * 1024;
let child: ChildProcess | null = null;

afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

function start(
  env: Record<string, string> = {},
): Promise<{ port: number; exited: Promise<number | null>; output: () => string }> {
  const process_ = spawn(process.execPath, ["tests/support/serve-child.ts"], {
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      NODE_ENV: "test",
      SLOW_BODY_CHUNKS: String(CHUNKS),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child = process_;
  let output = "";
  process_.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => process_.once("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    process_.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
      const match = /\{"port":(\d+)\}/.exec(output);
      if (match) resolve({ port: Number(match[1]), exited, output: () => output });
    });
    process_.once("exit", () => reject(new Error(`the server exited before listening:\n${output}`)));
  });
}

/** Reads a whole response (or notes how it ended) over its own connection. */
function download(port: number, onFirstBytes: () => void) {
  return new Promise<{ status: number; bytes: number; complete: boolean }>((resolve) => {
    const request = get({ host: "127.0.0.1", port, path: "/slow-body", agent: false }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => {
        if (bytes === 0) onFirstBytes();
        bytes += chunk.length;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, bytes, complete: response.complete }));
      response.on("error", () => resolve({ status: response.statusCode ?? 0, bytes, complete: false }));
    });
    request.on("error", () => resolve({ status: 0, bytes: 0, complete: false }));
  });
}

function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => resolve(socket));
    socket.once("error", reject);
  });
}

/** Collects what a socket receives until the server closes it. */
function readUntilClosed(socket: Socket) {
  return new Promise<string>((resolve) => {
    let text = "";
    socket.setEncoding("utf8").on("data", (chunk: string) => {
      text += chunk;
    });
    socket.once("close", () => resolve(text));
  });
}

/** Sends one raw request on a new connection and reads the answer until the server closes it. */
async function ask(port: number, raw: string) {
  const socket = await openSocket(port);
  const answer = readUntilClosed(socket);
  socket.write(raw);
  return answer;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("SIGTERM to a web process", () => {
  it("finishes a download in flight whole, answers /readyz 503 while draining (also on a connection opened but not yet asked), serves a write and refuses a read arriving on a new connection during the hand-off, then refuses new connections and exits 0", async () => {
    const server = await start({ SHUTDOWN_GRACE_MS: "20000" });
    // An idle keep-alive connection (one answer already read) must be closed by the drain.
    const idle = await openSocket(server.port);
    const idleClosed = readUntilClosed(idle);
    idle.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n");
    await pause(200);
    // A request whose headers are half sent when the signal comes: it is answered, as draining.
    const late = await openSocket(server.port);
    const lateAnswer = readUntilClosed(late);
    late.write("GET /readyz HTTP/1.1\r\nHost: localhost\r\n");
    // A connection opened but not yet asked anything (a proxy sends its request right after connecting,
    // and will not resend a POST): the drain must not close it under the request on its way.
    const unasked = await openSocket(server.port);
    const unaskedAnswer = readUntilClosed(unasked);

    let signalled!: () => void;
    const signalSent = new Promise<void>((resolve) => {
      signalled = resolve;
    });
    const inFlight = download(server.port, () => {
      child?.kill("SIGTERM");
      signalled();
    });
    await signalSent;
    const readyz = () => ask(server.port, "GET /readyz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    await expect.poll(async () => (await readyz()).slice(0, 12), { timeout: 5000, interval: 20 }).toBe("HTTP/1.1 503");
    late.write("\r\n");
    unasked.write("GET /readyz HTTP/1.1\r\nHost: localhost\r\n\r\n");
    // Connections that come while draining are still accepted (closing the listener now would reset
    // them, a POST already sent included): a read is refused with nothing done, for the balancer to
    // send elsewhere; a write is served.
    const newRead = await ask(server.port, "GET /stickers/latest HTTP/1.1\r\nHost: localhost\r\n\r\n");
    expect(newRead).toMatch(/^HTTP\/1\.1 503/);
    expect(newRead).toMatch(/\r\nretry-after: 1\r\n/i);
    expect(newRead).toMatch(/\r\nconnection: close\r\n/i);
    const newWrite = await ask(server.port, "POST /api/no-such-call HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\n\r\n{}");
    expect(newWrite).toMatch(/^HTTP\/1\.1 (?!503)\d{3}/);
    // Once no connection has come for a quarter of a second, the listener closes.
    await expect
      .poll(
        () =>
          openSocket(server.port).then(
            (socket) => {
              socket.destroy();
              return "accepted";
            },
            (error: NodeJS.ErrnoException) => error.code,
          ),
        // Each look is itself a connection: looking less often than the quiet period lets it come.
        { timeout: 10_000, interval: 400 },
      )
      .toBe("ECONNREFUSED");

    expect(await inFlight).toEqual({ status: 200, bytes: CHUNKS * CHUNK, complete: true });
    const answer = await lateAnswer;
    expect(answer).toMatch(/^HTTP\/1\.1 503/);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toContain('"draining"');
    expect(await unaskedAnswer).toMatch(/^HTTP\/1\.1 503/);
    expect(await idleClosed).toMatch(/^HTTP\/1\.1 200/);
    expect(await server.exited, server.output()).toBe(0);
  }, 60_000);

  it("cuts a response that outlasts the grace period and still exits 0", async () => {
    const server = await start({ SHUTDOWN_GRACE_MS: "300" });
    const inFlight = download(server.port, () => child?.kill("SIGTERM"));
    const result = await inFlight;
    expect(result.complete).toBe(false);
    expect(result.bytes).toBeLessThan(CHUNKS * CHUNK);
    expect(await server.exited, server.output()).toBe(0);
  }, 30_000);
});
