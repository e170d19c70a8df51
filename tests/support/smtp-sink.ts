import { SMTPServer } from "smtp-server";

/** One mail the sink received: its envelope's recipients (comma-separated) and the raw message. */
export interface CaughtMail {
  to: string;
  raw: string;
}

export interface SmtpSink {
  /** Every mail received, newest first. */
  mails: CaughtMail[];
  close(): Promise<void>;
}

/** An SMTP server on 127.0.0.1:`port` that keeps every mail sent to it (no TLS, no authentication). */
export async function startSmtpSink(port: number): Promise<SmtpSink> {
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
  await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", resolve));
  return { mails, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}
