import { useState } from 'react';
import { commerce as commerceText } from '../../../i18n/zh-CN/commerce';
import { downloadCsv } from '../format';

const t = commerceText.keys;

/**
 * Plain cdkeys, shown once: a CSV download (after which they are cleared from the page) and a
 * copy button. The hub never shows them again.
 */
export function KeysOnce({
  keys,
  filename,
  columns,
}: {
  keys: readonly string[];
  filename: string;
  columns: readonly (readonly [string, string])[];
}) {
  const [gone, setGone] = useState(false);
  const [copied, setCopied] = useState(false);
  if (gone)
    return (
      <p className="commerce-note" role="status">
        {t.downloaded}
      </p>
    );
  return (
    <div className="commerce-keys" data-testid="keys-once">
      <p className="commerce-warning" role="alert">
        {t.shownOnce}
      </p>
      <ol className="commerce-keys__list">
        {keys.map((key) => (
          <li key={key}>
            <code>{key}</code>
          </li>
        ))}
      </ol>
      <div className="commerce-actions">
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => {
            downloadCsv(filename, [
              ['cdkey', ...columns.map(([name]) => name)],
              ...keys.map((key) => [key, ...columns.map(([, value]) => value)]),
            ]);
            setGone(true);
          }}
        >
          {t.download}
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => {
            void navigator.clipboard?.writeText(keys.join('\n')).then(() => setCopied(true));
          }}
        >
          {copied ? t.copied : t.copy}
        </button>
      </div>
    </div>
  );
}
