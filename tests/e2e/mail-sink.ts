import { createServer } from "node:http";
import { type CaughtMail, startSmtpSink } from "../support/smtp-sink.ts";
import { E2E_PORT } from "./google-keys.ts";

/** The browser tests' SMTP server: the app sends real mail to it; tests read it back over HTTP. */
export const SMTP_PORT = E2E_PORT + 81;
export const MAIL_READER_PORT = E2E_PORT + 82;

export async function startMailSink() {
  const smtp = await startSmtpSink(SMTP_PORT);
  const reader = createServer((req, res) => {
    const to = new URL(req.url ?? "/", "http://localhost").searchParams.get("to");
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify(smtp.mails.filter((mail) => !to || mail.to === to)));
  });
  await new Promise<void>((resolve) => reader.listen(MAIL_READER_PORT, "127.0.0.1", resolve));
  return async () => {
    await smtp.close();
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
