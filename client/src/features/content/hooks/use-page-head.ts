import { useEffect } from 'react';
import { useHeadOverride } from '../../../lib/page/head';

/** Sets the document title (through the head override) and the meta description while mounted. */
export function usePageHead(title: string | undefined, description: string | undefined): void {
  const setTitle = useHeadOverride((s) => s.setTitle);
  useEffect(() => {
    if (!title) return;
    setTitle(title);
    return () => setTitle(undefined);
  }, [title, setTitle]);
  useEffect(() => {
    if (!description) return;
    const meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const previous = meta?.content;
    if (meta) meta.content = description;
    return () => {
      if (meta && previous !== undefined) meta.content = previous;
    };
  }, [description]);
}
