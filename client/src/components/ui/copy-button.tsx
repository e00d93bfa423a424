import { useState } from 'react';
import { toast } from '../../lib/toast';

/** Copies `value` to the clipboard and says so for a moment. */
export function CopyButton({
  value,
  label,
  copiedLabel,
  failedMessage,
  className = 'btn btn--ghost btn--sm',
}: {
  value: string;
  label: string;
  copiedLabel: string;
  failedMessage: string;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      toast.error(failedMessage);
    }
  };
  return (
    <button type="button" className={className} onClick={() => void copy()}>
      {copied ? copiedLabel : label}
    </button>
  );
}
