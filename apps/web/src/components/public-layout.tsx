// The frame of public pages: the logo linking to the root and a centred panel. Plain markup on purpose: the
// login route must stay small (antd Card pulls in Tabs, Menu and Dropdown; Tag pulls in ColorPicker and Collapse).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LogoMark } from './logo.tsx';

export function PublicLayout({ title, children, wide }: { title?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <div className="public-page">
      <Link to="/" className="public-page__brand app-logo" aria-label="Volant – úvodní stránka">
        <LogoMark />
        Volant
        <span className="beta-badge">BETA</span>
      </Link>
      <main className={wide ? 'public-page__card public-page__card--wide' : 'public-page__card'}>
        {title && <h1 className="public-page__title">{title}</h1>}
        {children}
      </main>
    </div>
  );
}
