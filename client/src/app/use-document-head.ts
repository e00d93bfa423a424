import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { env } from '../lib/env';
import { canonicalUrl, pageTitle, useHeadOverride } from '../lib/page/head';

/** Keeps `document.title` and `<link rel=canonical>` in step with the route. Mount once. */
export function useDocumentHead(routeTitle: string | undefined): void {
  const { pathname, search } = useLocation();
  const override = useHeadOverride((s) => s.title);
  const title = override ?? routeTitle;
  useEffect(() => {
    document.title = pageTitle(title, pathname);
  }, [title, pathname]);
  useEffect(() => {
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'canonical';
      document.head.append(link);
    }
    link.href = canonicalUrl(env.siteUrl, pathname, search, { lowercase: true });
  }, [pathname, search]);
}

/** For screens without a route of their own (error screen, 404): sets the title while mounted. */
export function useTitleOverride(title: string): void {
  const setTitle = useHeadOverride((s) => s.setTitle);
  useEffect(() => {
    setTitle(title);
    return () => setTitle(undefined);
  }, [title, setTitle]);
}
