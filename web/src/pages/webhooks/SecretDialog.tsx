import { Link } from 'react-router';
import type { components } from '@/api/schema';
import { CopyValue } from '@/ui/CopyValue';
import { SecretOnceDialog } from '@/ui/SecretOnceDialog';

type CreatedWebhook = components['schemas']['CreatedWebhookResponseDto'];
/** The signing secret, once: the service keeps it encrypted and never shows it again. */
export function SecretDialog({ webhook, onClose }: { webhook: CreatedWebhook | undefined; onClose: () => void }) {
  return (
    <SecretOnceDialog
      title="Webhook signing secret"
      shown={webhook}
      onClose={onClose}
      actions={({ id }) => (
        <Link className="btn" to={`/settings/webhooks/${id}`} onClick={onClose}>
          Open the webhook
        </Link>
      )}
    >
      {({ url, secret }) => (
        <>
          <p>
            Each delivery to <strong className="endpoint">{url}</strong> carries <code>X-Service-Signature</code>, the hex HMAC-SHA256 of the raw body keyed
            with this secret. Check it before trusting a delivery.
          </p>
          <CopyValue label="Signing secret" value={secret} once />
        </>
      )}
    </SecretOnceDialog>
  );
}
