import type { ReactNode } from 'react';

/** The reseller API's page, as a link whose words come from the catalogue (`<docs>` in Trans). */
export function DocsLink({ children }: { children?: ReactNode }) {
  return <a href="/docs/reseller-api">{children}</a>;
}
