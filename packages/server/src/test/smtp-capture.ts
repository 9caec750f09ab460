import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** A mail as the capture received it: envelope recipients and the raw message (soft line breaks of
 * quoted-printable undone). */
export interface CapturedMail {
  to: string[];
  raw: string;
}

/** A local SMTP server for tests (no network): collects what it is sent; `refuse` makes it answer the
 * next messages with a temporary failure. */
export async function smtpCapture(): Promise<{ url: string; mails: CapturedMail[]; refuse: (n: number) => void; close: () => Promise<void> }> {
  const mails: CapturedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (c: Buffer) => (raw += c.toString("utf8")));
      stream.on("end", () => {
        if (refusals > 0) {
          refusals--;
          const err = Object.assign(new Error("try again later"), { responseCode: 451 });
          return callback(err);
        }
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: raw.replace(/=\r?\n/g, "") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuse: (n) => (refusals = n),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
