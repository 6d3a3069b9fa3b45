import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Links inside the store stay in the app; anything else is a normal link. */
export function SlideLink({ href, children }: { href?: string; children: ReactNode }) {
  if (!href) return <div className="slide-link">{children}</div>;
  if (href.startsWith('/')) {
    return (
      <Link to={href} className="slide-link">
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className="slide-link" target="_blank" rel="noreferrer">
      {children}
    </a>
  );
}
