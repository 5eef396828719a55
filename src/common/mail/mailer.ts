import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';

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
  private readonly transport: Transporter | undefined;
  private readonly from: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.transport = config.mail ? createTransport(config.mail.url) : undefined;
    this.from = config.mail?.from ?? '';
  }

  get configured(): boolean {
    return this.transport !== undefined;
  }

  /** Sends the message; false when no SMTP server is configured. A failure to send is logged, never thrown: the action it accompanies stands. */
  async send(message: MailMessage): Promise<boolean> {
    if (!this.transport) {
      return false;
    }
    try {
      await this.transport.sendMail({ from: this.from, ...message });
      return true;
    } catch (error) {
      // The message holds a secret link: log that it failed and to whom, never its text.
      this.logger.error({ err: error, to: message.to, subject: message.subject }, 'Could not send an e-mail');
      return false;
    }
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}

@Global()
@Module({ providers: [Mailer], exports: [Mailer] })
export class MailModule {}
