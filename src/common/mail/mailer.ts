import { Global, Inject, Injectable, Logger, Module, type BeforeApplicationShutdown, type OnApplicationShutdown } from '@nestjs/common';
import type { Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { LazyLibrary } from '#src/common/lazy/lazy-library.js';

const nodemailer = new LazyLibrary(() => import('nodemailer'));

/**
 * How long an SMTP server may take to connect, to greet and to answer each command: nodemailer's own
 * defaults (2 minutes, 30 s, 10 minutes) would keep a message to a stalled server, and the shutdown that
 * waits for it, pending for minutes.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Outgoing e-mail through SMTP_URL (nodemailer). Without it nothing is sent and `send` says so, so a
 * caller can tell the person another way (the API returns invitation links in any case).
 */
@Injectable()
export class Mailer implements BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('Mailer');
  private readonly url: string | undefined;
  private readonly from: string;
  /** Made by the first message: most processes never send one. */
  private transport: Promise<Transporter> | undefined;
  /** Messages `post` hands over that are still being sent; shutdown waits for them. */
  private readonly posting = new Set<Promise<boolean>>();

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.url = config.mail?.url;
    this.from = config.mail?.from ?? '';
  }

  get configured(): boolean {
    return this.url !== undefined;
  }

  /** Sends the message; false when no SMTP server is configured. A failure to send is logged, never thrown: the action it accompanies stands. */
  async send(message: MailMessage): Promise<boolean> {
    const url = this.url;
    if (url === undefined) {
      return false;
    }
    try {
      this.transport ??= nodemailer.load().then(({ createTransport }) => createTransport({ url, ...SMTP_TIMEOUTS }));
      await (await this.transport).sendMail({ from: this.from, ...message });
      return true;
    } catch (error) {
      // The message holds a secret link: log that it failed and to whom, never its text.
      this.logger.error({ err: error, to: message.to, subject: message.subject }, 'Could not send an e-mail');
      return false;
    }
  }

  /**
   * Sends the message without keeping the caller waiting on the SMTP server: the answer of the request that
   * mails it (and shows its link once) must not hang on a slow or stalled server.
   */
  post(message: MailMessage): void {
    const sending: Promise<boolean> = this.send(message).finally(() => this.posting.delete(sending));
    this.posting.add(sending);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.posting);
  }

  async onApplicationShutdown(): Promise<void> {
    (await this.transport?.catch(() => undefined))?.close();
  }
}

@Global()
@Module({ providers: [Mailer], exports: [Mailer] })
export class MailModule {}
