/** English strings for the content site; the same shape as zh-CN/content.ts. */
import type { content as zh } from '../zh-CN/content';
import type { Messages } from '../messages-type';

export const content: Messages<typeof zh> = {
  docs: {
    title: 'Docs',
    navLabel: 'Docs navigation',
    contents: 'Contents',
    more: 'More',
    contact: 'Contact support',
    assistant: 'Ask the AI support',
    prev: 'Previous',
    next: 'Next',
    updated: 'Last updated: {date}',
    edit: 'Edit this page in the repository',
    notFound: 'Page not found',
    notFoundLead: 'It may have been renamed or moved. Try searching, or start from the contents on the left.',
    loading: 'Loading the docs…',
    loadFailed: 'The docs did not load. Please check your network and try again.',
    menu: 'All docs',
    copy: 'Copy',
    copied: 'Copied',
    copyFailed: 'Could not copy',
    zoomClose: 'Close image',
  },
  search: {
    open: 'Search docs',
    shortcut: 'Press / or Ctrl K to search',
    placeholder: 'Search the docs, e.g. shortcuts, projector, offline',
    label: 'Search docs',
    empty: 'Nothing found for “{query}”',
    hint: 'Type to search',
    loading: 'Preparing search…',
    failed: 'The search index did not load',
    close: 'Close search',
    keys: '↑↓ select · Enter open · Esc close',
  },
  changelog: {
    empty: 'No releases yet.',
    date: 'Released {date}',
  },
  about: {
    posts: 'Articles',
    back: 'Back to About',
    by: 'By {names}',
    notFound: 'Article not found',
  },
  redirect: {
    title: 'Leaving Bianshi',
    lead: 'You are going to an external website:',
    host: 'Website',
    full: 'Full address',
    go: 'Continue',
    back: 'Go back',
    warning:
      'Continue only if you trust this website. Bianshi is not responsible for the content of external sites.',
    refused: 'This link cannot be opened',
    refusedLead:
      'Only addresses starting with http:// or https:// can be opened. This link is unsafe or malformed and was blocked.',
    missing: 'No link to open was given.',
    home: 'Back to home',
  },
};
