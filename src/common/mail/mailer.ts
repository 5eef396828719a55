import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { LazyLibrary } from '#src/common/lazy/lazy-library.js';

const nodemailer = new LazyLibrary(() => import('nodemailer'));

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
export class Mailer implements OnApplicationShutdown {
  private readonly logger = new Logger('Mailer');
  private readonly url: string | undefined;
  private readonly from: string;
  /** Made by the first message: most processes never send one. */
  private transport: Promise<Transporter> | undefined;

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
      this.transport ??= nodemailer.load().then(({ createTransport }) => createTransport(url));
      await (await this.transport).sendMail({ from: this.from, ...message });
      return true;
    } catch (error) {
      // The message holds a secret link: log that it failed and to whom, never its text.
      this.logger.error({ err: error, to: message.to, subject: message.subject }, 'Could not send an e-mail');
      return false;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    (await this.transport?.catch(() => undefined))?.close();
  }
}

@Global()
@Module({ providers: [Mailer], exports: [Mailer] })
export class MailModule {}
