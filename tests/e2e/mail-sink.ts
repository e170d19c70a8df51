import { createServer } from "node:http";
import { SMTPServer } from "smtp-server";
import { E2E_PORT } from "./google-keys.ts";

/** The browser tests' SMTP server: the app sends real mail to it; tests read it back over HTTP. */
export const SMTP_PORT = E2E_PORT + 81;
export const MAIL_READER_PORT = E2E_PORT + 82;

interface CaughtMail {
  to: string;
  raw: string;
}

export async function startMailSink() {
  const mails: CaughtMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      stream.on("end", () => {
        mails.unshift({ to: session.envelope.rcptTo.map((r) => r.address).join(","), raw });
        callback();
      });
    },
  });
  const reader = createServer((req, res) => {
    const to = new URL(req.url ?? "/", "http://localhost").searchParams.get("to");
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify(mails.filter((mail) => !to || mail.to === to)));
  });
  await new Promise<void>((resolve) => smtp.listen(SMTP_PORT, "127.0.0.1", resolve));
  await new Promise<void>((resolve) => reader.listen(MAIL_READER_PORT, "127.0.0.1", resolve));
  return async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await new Promise<void>((resolve) => reader.close(() => resolve()));
  };
}

/** The sign-in link of the newest mail to `email` (quoted-printable soft breaks undone). */
export async function signInLinkFor(email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const mails = (await (
      await fetch(`http://127.0.0.1:${MAIL_READER_PORT}/?to=${encodeURIComponent(email)}`)
    ).json()) as CaughtMail[];
    const raw = mails[0]?.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const link = raw?.match(/https?:\/\/[^\s"<>]+\/auth\/email\/callback\?[^\s"<>]+/)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no sign-in mail reached ${email}`);
}
