import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { request, type Agent } from 'undici';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { createGuardedDispatcher, findBlockedAddressError } from '#src/common/net/ssrf-guard.js';
import { signBody } from '#src/modules/webhooks/webhook-signature.js';

export interface SendOutcome {
  success: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/** At most this much of a receiver's answer is read (and then discarded). */
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * POSTs a signed body to a receiver: HTTPS only, certificate verified (plus the CAs of WEBHOOK_CA_CERTS),
 * the address checked at connect time (no private, loopback, link-local or metadata targets unless
 * ALLOW_PRIVATE_TARGETS), redirects not followed, the whole exchange bounded by WEBHOOK_TIMEOUT_MS, one
 * connection per delivery. Success is any 2xx.
 */
@Injectable()
export class WebhookSender implements OnApplicationShutdown {
  private readonly dispatcher: Agent;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.dispatcher = createGuardedDispatcher({
      allowPrivateTargets: config.allowPrivateTargets,
      connectTimeoutMs: config.webhooks.timeoutMs,
      extraCaCertificates: config.webhooks.extraCaCertificates,
    });
  }

  async send(url: string, body: string, secret: string, headers: Record<string, string>): Promise<SendOutcome> {
    const started = performance.now();
    const elapsed = (): number => Math.round(performance.now() - started);
    if (!url.startsWith('https://')) {
      return { success: false, statusCode: null, durationMs: 0, error: 'The webhook URL must use https' };
    }
    try {
      const response = await request(url, {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'AgentQueryService-Webhooks/1.0',
          'x-service-signature': signBody(body, secret),
          ...headers,
        },
        dispatcher: this.dispatcher,
        // A connection per delivery: a receiver may close an idle kept-alive connection just as a delivery
        // reuses it, which fails an attempt that never reached it. A handshake costs less than a retry 5 s later.
        reset: true,
        signal: AbortSignal.timeout(this.config.webhooks.timeoutMs),
        headersTimeout: this.config.webhooks.timeoutMs,
        bodyTimeout: this.config.webhooks.timeoutMs,
      });
      await drain(response.body);
      const success = response.statusCode >= 200 && response.statusCode < 300;
      const redirect = response.statusCode >= 300 && response.statusCode < 400;
      return {
        success,
        statusCode: response.statusCode,
        durationMs: elapsed(),
        error: success ? null : redirect ? `Redirects are not followed (HTTP ${response.statusCode})` : `HTTP ${response.statusCode}`,
      };
    } catch (error) {
      return { success: false, statusCode: null, durationMs: elapsed(), error: describe(error) };
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.dispatcher.destroy().catch(() => undefined);
  }
}

async function drain(body: AsyncIterable<Uint8Array> & { destroy?: () => void }): Promise<void> {
  let read = 0;
  for await (const chunk of body) {
    read += chunk.length;
    if (read > MAX_RESPONSE_BYTES) {
      body.destroy?.();
      return;
    }
  }
}

function describe(error: unknown): string {
  const blocked = findBlockedAddressError(error);
  if (blocked) {
    return `Refused: ${blocked.host} resolves to ${blocked.address}, which is not a public address`;
  }
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError' || /timeout/i.test(error.name)) {
      return 'The receiver did not answer in time';
    }
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}
