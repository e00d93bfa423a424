import { create } from 'zustand';

export {
  CANONICAL_QUERY_WHITELIST,
  TITLE_SUFFIX,
  canonicalUrl,
  pageTitle,
  titleCase,
  titleFromPath,
} from '@bianshi/shared/content/head';

interface HeadOverrideState {
  /** A title set by a screen that is not a route of its own (error screen, 404). */
  title: string | undefined;
  setTitle(title: string | undefined): void;
}

/**
 * Screens rendered by an error boundary have no route handle; they put their title here and
 * the document head prefers it over the route's title.
 */
export const useHeadOverride = create<HeadOverrideState>((set) => ({
  title: undefined,
  setTitle: (title) => set({ title }),
}));
