import { useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { IconClose, IconMenu } from '../../../components/ui/icons';
import { content as contentText } from '../../../i18n/zh-CN/content';
import { useDocsNavigation } from '../api';
import { NavTree } from './nav-tree';
import { SearchDialog, useSearchHotkeys } from './search-dialog';

const t = contentText;

/**
 * The docs layout: the site header (a slot, so app/ composes it), the docs tree on the left,
 * the search box (Ctrl/⌘-K or /), and the page (which brings its own 目录 panel).
 *
 * On a phone (content.css, ≤ 820 px) the page is one column and the tree sits behind the
 * 全部文档 button: it opens in place under the button, and closes on Escape (focus back on the
 * button) and whenever the page changes, by a tree link, prev/next, search or the browser.
 */
export function DocsLayout({ header }: { header: React.ReactNode }) {
  const navigation = useDocsNavigation();
  const { pathname } = useLocation();
  const [searching, setSearching] = useState(false);
  // The path the tree was opened on: navigating anywhere else closes it, with no effect to run.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const toggle = useRef<HTMLButtonElement>(null);
  const openSearch = useCallback(() => setSearching(true), []);
  useSearchHotkeys(openSearch);

  useEffect(() => {
    if (!menuOpen || searching) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen, searching]);

  return (
    <div className="layout layout--docs">
      {header}
      <div className="container docs-shell">
        <aside className="docs-nav" aria-label={t.docs.navLabel} data-open={menuOpen}>
          <div className="docs-nav__bar">
            <button
              ref={toggle}
              type="button"
              className="docs-nav__toggle"
              aria-expanded={menuOpen}
              aria-controls="docs-nav-tree"
              data-testid="docs-menu"
              onClick={() => setOpenOn(menuOpen ? null : pathname)}
            >
              {menuOpen ? <IconClose /> : <IconMenu />}
              <span>{t.docs.menu}</span>
            </button>
            <button type="button" className="docs-search-button" onClick={openSearch} data-testid="docs-search">
              <span>{t.search.open}</span>
              <kbd>Ctrl K</kbd>
            </button>
          </div>
          <nav id="docs-nav-tree" className="docs-nav__tree" aria-label={t.docs.navLabel}>
            {navigation.data && <NavTree items={navigation.data} onNavigate={() => setOpenOn(null)} />}
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
