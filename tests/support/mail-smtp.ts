/**
 * A real SMTP server (smtp-server) on 127.0.0.1 for the delivery tests: no auth needed,
 * no STARTTLS (nodemailer would otherwise upgrade and refuse the self-signed cert),
 * every accepted message kept raw with its envelope, and its connections counted.
 * Options make it slow, refuse a recipient, or act around the moment it accepts a message.
 */
import { createServer } from "node:net";
import { SMTPServer } from "smtp-server";
import { header, parseMessage } from "./mail-mime.ts";

export interface ReceivedMail {
  mailFrom: string;
  rcptTo: string[];
  raw: Buffer;
}

export interface SmtpServerOptions {
  /** Runs before the message is acknowledged (a slow server; something done meanwhile). */
  beforeAccept?: (mail: ReceivedMail) => Promise<void> | void;
  /** Runs right after the message was acknowledged to the client. */
  afterAccept?: (mail: ReceivedMail) => void;
  /** Refuses these recipients with 550, as a server refuses an unknown mailbox. */
  refuseRecipient?: (address: string) => boolean;
}

export interface TestSmtpServer {
  port: number;
  received: ReceivedMail[];
  /** Connections opened in all, open now, and the most open at once. */
  connections: { opened: number; open: number; mostAtOnce: number };
  /** RCPT TO commands seen, refused ones included. */
  recipientsTried: string[];
  close(): Promise<void>;
}

export async function startSmtpServer(port = 0, options: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const connections = { opened: 0, open: 0, mostAtOnce: 0 };
  const recipientsTried: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // No reverse DNS of 127.0.0.1 per connection: it only slows the tests.
    disableReverseLookup: true,
    // The outbox keeps pooled connections open; on close, end them after a moment
    // instead of smtp-server's 30 s grace.
    closeTimeout: 100,
    onConnect(_session, callback) {
      connections.opened++;
      connections.open++;
      connections.mostAtOnce = Math.max(connections.mostAtOnce, connections.open);
      callback();
    },
    onClose() {
      connections.open--;
    },
    onRcptTo(address, _session, callback) {
      recipientsTried.push(address.address);
      if (!options.refuseRecipient?.(address.address)) return callback();
      const refusal = Object.assign(new Error("5.1.1 mailbox unavailable"), { responseCode: 550 });
      callback(refusal);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        const mailFrom = session.envelope.mailFrom;
        const mail = {
          mailFrom: mailFrom ? mailFrom.address : "",
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        };
        void (async () => {
          try {
            await options.beforeAccept?.(mail);
          } catch (error) {
            callback(error instanceof Error ? error : new Error(String(error)));
            return;
          }
          received.push(mail);
          callback();
          options.afterAccept?.(mail);
        })();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  // A client that dies mid-session (a replica SIGKILLed) resets its connection: that is the
  // client's failure, not the server's, and a real mail server carries on.
  server.on("error", () => {});
  const address = server.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return {
    port: address.port,
    received,
    connections,
    recipientsTried,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The Message-ID header of a received mail. */
export function messageIdOf(mail: ReceivedMail): string {
  const id = header(parseMessage(mail.raw), "message-id");
  if (!id) throw new Error("a received mail has no Message-ID");
  return id;
}

/** A port that was free a moment ago and has nothing listening on it now. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}
