import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { galleryLink } from '@zstore/contract/gallery-link';

/**
 * A slide's link: a page of the store stays in the app, an https address opens in a new tab;
 * anything else (`//host`, `/\host`, another scheme) is no link at all, whatever the data says.
 */
export function SlideLink({ href, children }: { href?: string; children: ReactNode }) {
  const link = galleryLink(href);
  if (!link) return <div className="slide-link">{children}</div>;
  if (link.kind === 'path') {
    return (
      <Link to={link.href} className="slide-link">
        {children}
      </Link>
    );
  }
  return (
    <a href={link.href} className="slide-link" target="_blank" rel="noreferrer">
      {children}
    </a>
  );
}
