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
  <RaLayout appBar={AppBar} menu={Menu}>
    <ScrollToTop />
    {children}
  </RaLayout>
);
