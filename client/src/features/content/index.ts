/** The content site: docs (layout, pages, search), changelog, about, the redirect interstitial. */
import './content.css';
export { DocsLayout } from './components/docs-layout';
export { DocPage } from './components/doc-page';
export { ChangelogPage } from './components/changelog-page';
export { AboutPage, AboutPostPage } from './components/about-pages';
export { RedirectPage } from './components/redirect-page';
