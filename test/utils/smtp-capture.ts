import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
}

/** A real SMTP server on loopback that keeps every message it receives (no TLS, any credentials). */
export class SmtpCapture {
  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
    readonly messages: CapturedMail[],
  ) {}

  static async start(): Promise<SmtpCapture> {
    const messages: CapturedMail[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            messages.push({
              to: session.envelope.rcptTo.map((recipient) => recipient.address),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
            });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new SmtpCapture(server, (server.server.address() as AddressInfo).port, messages);
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The first match of `pattern` in a message to `address`, waiting up to `timeoutMs` for one. */
  async find(address: string, pattern: RegExp, timeoutMs = 5_000): Promise<RegExpExecArray> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (const message of this.messages.filter((candidate) => candidate.to.includes(address))) {
        const match = pattern.exec(message.text);
        if (match) {
          return match;
        }
      }
      if (Date.now() > deadline) {
        throw new Error(`no message to ${address} matches ${pattern}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** An address of this server that keeps every connection waiting `ms` before its greeting: a slow or stalled SMTP server. */
  async delayedBy(ms: number): Promise<{ url: string; close: () => Promise<void> }> {
    const sockets = new Set<Socket>();
    const front = createServer((client) => {
      sockets.add(client);
      client.on('error', () => client.destroy());
      setTimeout(() => {
        const upstream = connect(this.port, '127.0.0.1');
        sockets.add(upstream);
        upstream.on('error', () => client.destroy());
        client.pipe(upstream).pipe(client);
      }, ms);
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    return {
      url: `smtp://127.0.0.1:${(front.address() as AddressInfo).port}`,
      close: () => {
        sockets.forEach((socket) => socket.destroy());
        return new Promise((resolve) => front.close(() => resolve()));
      },
    };
  }
}
