import { Outlet } from 'react-router';
import { Logo } from '../../components/ui/logo';

/** logo-blank: the logo above a centred page (auth callbacks, redirects, short links). */
export function LogoBlankLayout() {
  return (
    <div className="layout layout--logo-blank">
      <header className="logo-blank__head">
        <Logo size={36} />
      </header>
      <main id="main" className="logo-blank__main">
        <Outlet />
      </main>
    </div>
  );
}
