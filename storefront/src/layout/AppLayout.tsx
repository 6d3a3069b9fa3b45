import { Suspense, useCallback, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSignOut } from '@/auth/useSignOut';
import { PageLoader } from '@/components/PageLoader';
import { BottomBar, shouldShowBottomBar } from './BottomBar';
import { Footer } from './Footer';
import { ScrollToTop } from './ScrollToTop';
import { SideDrawer } from './SideDrawer';
import { TopBar } from './TopBar';
import './layout.css';

export function AppLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const signOutTo = useSignOut();
  const { pathname } = useLocation();

  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const handleSignOut = useCallback(() => signOutTo('/home'), [signOutTo]);

  return (
    <div className={`app-shell${shouldShowBottomBar(pathname) ? ' has-bottombar' : ''}`}>
      <ScrollToTop />
      <TopBar onOpenDrawer={() => setDrawerOpen(true)} onSignOut={handleSignOut} />
      <SideDrawer open={drawerOpen} onClose={closeDrawer} onSignOut={handleSignOut} />
      <main className="app-main">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <BottomBar />
    </div>
  );
}
