import { useState } from 'react';
import { messages } from '../../../i18n';
import { session, STORAGE_KEYS } from '../../../lib/browser/storage';
import { Dialog } from '../../../components/ui/dialog';
import { IconAlert } from '../../../components/ui/icons';
import { detectBrowserIssue } from '../detect';
import type { BrowserIssue } from '../detect';

const t = messages.compat;

function currentIssue(): BrowserIssue {
  if (session.get(STORAGE_KEYS.compatDismissed) === '1') return null;
  const nav = navigator as Navigator & { userAgentData?: { brands?: { brand: string }[] } };
  const mimeTypes = Array.from(nav.mimeTypes ?? [], (m) => m.type);
  const brands = nav.userAgentData?.brands?.map((b) => b.brand);
  return detectBrowserIssue(nav.userAgent, { mimeTypes, brands });
}

/** 兼容性提示: shown once per session on a 360 desktop browser or an old browser. */
export function BrowserCompatDialog() {
  const [issue, setIssue] = useState<BrowserIssue>(currentIssue);
  const dismiss = () => {
    session.set(STORAGE_KEYS.compatDismissed, '1');
    setIssue(null);
  };
  if (!issue) return null;
  return (
    <Dialog
      open
      title={t.header}
      tone="warning"
      icon={<IconAlert />}
      onClose={dismiss}
      footer={
        <button type="button" className="btn btn--primary" onClick={dismiss} autoFocus>
          {t.confirm}
        </button>
      }
    >
      <p>{issue === 'is360' ? t.is360 : t.outdated}</p>
    </Dialog>
  );
}
