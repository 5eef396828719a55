import { Link } from 'react-router';
import type { components } from '@/api/schema';
import { CopyValue } from '@/ui/CopyValue';
import { Dialog } from '@/ui/Dialog';

type CreatedWebhook = components['schemas']['CreatedWebhookResponseDto'];
/** The signing secret, once: the service keeps it encrypted and never shows it again. */
export function SecretDialog({ webhook, onClose }: { webhook: CreatedWebhook | undefined; onClose: () => void }) {
  return (
    <Dialog title="Webhook signing secret" open={webhook !== undefined} onClose={onClose}>
      {webhook ? (
        <>
          <p>
            Each delivery to <strong className="endpoint">{webhook.url}</strong> carries <code>X-Service-Signature</code>, the hex HMAC-SHA256 of the raw body
            keyed with this secret. Check it before trusting a delivery.
          </p>
          <CopyValue label="Signing secret" value={webhook.secret} once />
          <div className="form-actions">
            <Link className="btn" to={`/settings/webhooks/${webhook.id}`} onClick={onClose}>
              Open the webhook
            </Link>
            <button type="button" className="btn primary" onClick={onClose}>
              Done
            </button>
          </div>
        </>
      ) : null}
    </Dialog>
  );
}
