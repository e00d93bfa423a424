import { useCallback, useState } from 'react';
import { Outlet } from 'react-router';
import { content as contentText } from '../../../i18n/zh-CN/content';
import { useDocsNavigation } from '../api';
import { NavTree } from './nav-tree';
import { SearchDialog, useSearchHotkeys } from './search-dialog';

const t = contentText;

/**
 * The docs layout: the site header (a slot, so app/ composes it), the docs tree on the left,
 * the search box (Ctrl/⌘-K or /), and the page (which brings its own 目录 panel).
 */
export function DocsLayout({ header }: { header: React.ReactNode }) {
  const navigation = useDocsNavigation();
  const [searching, setSearching] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const openSearch = useCallback(() => setSearching(true), []);
  useSearchHotkeys(openSearch);
  return (
    <div className="layout layout--docs">
      {header}
      <div className="container docs-shell">
        <aside className="docs-nav" aria-label={t.docs.navLabel} data-open={menuOpen}>
          <button type="button" className="docs-search-button" onClick={openSearch} data-testid="docs-search">
            <span>{t.search.open}</span>
            <kbd>Ctrl K</kbd>
          </button>
          <button type="button" className="docs-nav__toggle btn btn--ghost btn--sm" aria-expanded={menuOpen} onClick={() => setMenuOpen((o) => !o)}>
            {t.docs.menu}
          </button>
          <nav className="docs-nav__tree" aria-label={t.docs.navLabel}>
            {navigation.data && <NavTree items={navigation.data} onNavigate={() => setMenuOpen(false)} />}
          </nav>
        </aside>
        <div className="docs-shell__main">
          <Outlet />
        </div>
      </div>
      <SearchDialog open={searching} onClose={() => setSearching(false)} />
    </div>
  );
}
