import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { AiSource } from '@bianshi/shared';

/** `text` with every occurrence of `terms` marked (longest first, case-insensitive). */
export function Highlight({ text, terms }: { text: string; terms: readonly string[] }) {
  const words = [...terms].filter(Boolean).sort((a, b) => b.length - a.length);
  if (words.length === 0) return <>{text}</>;
  const pattern = new RegExp(
    `(${words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`,
    'gi',
  );
  return (
    <>
      {text
        .split(pattern)
        .map((part, index) =>
          index % 2 === 1 ? <mark key={index}>{part}</mark> : <Fragment key={index}>{part}</Fragment>,
        )}
    </>
  );
}

/** An answer's text with its citations `[n]` as links to the n-th source. */
export function CitedText({ text, sources }: { text: string; sources: readonly AiSource[] }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(/\[(\d{1,2})\]/g)) {
    const source = sources[Number(match[1]) - 1];
    if (!source) continue;
    parts.push(text.slice(last, match.index));
    parts.push(
      <Link key={match.index} to={source.href} className="ai-cite" title={source.heading}>
        {match[0]}
      </Link>,
    );
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
