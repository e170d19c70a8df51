import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLink, setCookieOf } from "#tests/support/accounts.ts";
import { callApi } from "#tests/support/stickers.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";

interface CaughtMail {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP sink speaking the real protocol: what nodemailer sends lands here. */
function startSink() {
  const caught: CaughtMail[] = [];
  const waiters: Array<(mail: CaughtMail) => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        };
        caught.push(mail);
        waiters.shift()?.(mail);
        callback();
      });
    },
  });
  return {
    caught,
    next: () => new Promise<CaughtMail>((resolve) => waiters.push(resolve)),
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, "127.0.0.1", () => resolve((server.server.address() as AddressInfo).port)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A raw message with quoted-printable soft breaks and escapes undone (bytes, as Latin-1). */
function unquoted(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The link in a raw message. */
function linkIn(raw: string): URL {
  const href = unquoted(raw).match(/https?:\/\/[^\s"<>]+\/auth\/email\/callback\?[^\s"<>]+/)?.[0];
  if (!href) throw new Error(`no link in mail:\n${raw}`);
  return new URL(href.replace(/&amp;/g, "&"));
}

const sink = startSink();
let t: TestApp;
beforeAll(async () => {
  const port = await sink.listen();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Sticker Studio <signin@stickers.test>" });
});
afterAll(async () => {
  await closeTestApp(t);
  await sink.close();
});

describe("e-mail sign-in over SMTP", () => {
  it("sends the link through the SMTP server after answering, and the mailed link signs in", async () => {
    expect(t.app.mail.kind).toBe("smtp");
    const arrived = sink.next();
    const { body } = await callApi(t, "GET", "/api/getVerifyEmail", {
      params: { email: "smtp-user@example.com", redirect: "/de" },
    });
    expect(body).toEqual({ status: 200, data: { sent: true } });
    const mail = await arrived;
    expect(mail.from).toBe("signin@stickers.test");
    expect(mail.to).toEqual(["smtp-user@example.com"]);
    expect(mail.raw).toMatch(/Subject: Your Sticker Studio sign-in link/);

    const response = await openLink(t, linkIn(mail.raw));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/de?login=email");
    expect(setCookieOf(response, "token")?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("a Chinese page gets the mail in Chinese, and its link still signs in", async () => {
    const arrived = sink.next();
    const { body } = await callApi(t, "GET", "/api/getVerifyEmail", {
      params: { email: "smtp-zh@example.com", redirect: "/zh" },
      language: "zh-CN",
    });
    expect(body).toEqual({ status: 200, data: { sent: true } });
    const mail = await arrived;
    // A non-ASCII subject travels encoded (RFC 2047); the English one is not there.
    expect(mail.raw).toMatch(/Subject: =\?UTF-8\?/i);
    expect(mail.raw).not.toMatch(/Subject: Your Sticker Studio sign-in link/);
    expect(unquoted(mail.raw)).toContain('<html lang="zh" dir="ltr">');
    const response = await openLink(t, linkIn(mail.raw));
    expect(response.headers.get("location")).toBe("/zh?login=email");
  });

  it("has no dev mailbox when SMTP is configured", async () => {
    expect(t.app.mail.mailbox).toBeNull();
    expect((await t.server.request("/dev/mailbox")).status).toBe(404);
  });
});
