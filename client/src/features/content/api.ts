import { useQuery } from '@tanstack/react-query';
import { createSectionIndex, type NavItem, type SearchSection, type SectionIndex } from '@bianshi/shared/content/index';

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** The docs tree (built from the docs collection by the content build). */
export function useDocsNavigation() {
  return useQuery({ queryKey: ['content-navigation'], queryFn: () => getJson<NavItem[]>('/_content/navigation.json'), staleTime: Infinity });
}

let indexPromise: Promise<SectionIndex> | undefined;

/** The docs search index, built in the browser from the heading-level sections on first use. */
export function loadSearchIndex(): Promise<SectionIndex> {
  indexPromise ??= getJson<SearchSection[]>('/_content/search.json')
    .then(createSectionIndex)
    .catch((error: unknown) => {
      indexPromise = undefined;
      throw error;
    });
  return indexPromise;
}
