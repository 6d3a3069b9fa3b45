import { useEffect, type ReactNode } from 'react';
import { Layout as RaLayout, useLocation } from 'react-admin';
import { AppBar } from '@/layout/AppBar';
import { Menu } from '@/layout/Menu';

const ScrollToTop = () => {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
};

export const Layout = ({ children }: { children: ReactNode }) => (
  // min-width 0 lets wide tables scroll inside the content instead of widening the page.
  <RaLayout
    appBar={AppBar}
    menu={Menu}
    sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}
  >
    <ScrollToTop />
    {children}
  </RaLayout>
);
