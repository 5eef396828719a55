import { useState } from 'react';

/** A value to copy (a new key, a secret, an invitation link), with a button that says when it worked. */
export function CopyValue({ value, label, once }: { value: string; label: string; once?: boolean }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | undefined>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className="copy-value">
      {once ? <p className="warning">This is the only time it is shown. Store it somewhere safe now.</p> : null}
      <div className="copy-row">
        <code aria-label={label} className="secret" tabIndex={0}>
          {value}
        </code>
        <button type="button" className="btn" onClick={() => void copy()}>
          Copy
        </button>
      </div>
      <span role="status" className="small muted">
        {copied === 'yes' ? 'Copied to the clipboard.' : copied === 'failed' ? 'Copying is not allowed here: select the text and copy it.' : ''}
      </span>
    </div>
  );
}
