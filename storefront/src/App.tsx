import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { useTranslation } from 'react-i18next';
import { createQueryClient } from './api/queryClient';
import { seedInitialData } from './api/initialData';
import { SessionProvider } from './auth/SessionContext';
import { ThemeProvider, useTheme } from './layout/ThemeContext';
import { AppRoutes } from './routes';
import { useMediaQuery } from './lib/useMediaQuery';
import { subscribeToToastRequests, toastRequested } from './lib/toast';

const ToastContainer = lazy(() =>
  import('react-toastify').then((module) => ({ default: module.ToastContainer })),
);

/** True once the browser has had an idle moment since the app started. */
function useIdle() {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!('requestIdleCallback' in window)) {
      const timer = setTimeout(() => setIdle(true), 1);
      return () => clearTimeout(timer);
    }
    const callback = window.requestIdleCallback(() => setIdle(true), { timeout: 3_000 });
    return () => window.cancelIdleCallback(callback);
  }, []);
  return idle;
}

const PHONE_QUERY = '(max-width: 767px)';

function Toasts() {
  const requested = useSyncExternalStore(subscribeToToastRequests, toastRequested);
  const idle = useIdle();
  return requested || idle ? (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  ) : null;
}

function ToastList() {
  const { isDark } = useTheme();
  // On a phone the heading fills the top of the screen: toasts come up from the bottom instead.
  const isPhone = useMediaQuery(PHONE_QUERY);
  const { t } = useTranslation();
  return (
    <ToastContainer
      aria-label={t('layout.notifications')}
      position={isPhone ? 'bottom-center' : 'top-right'}
      autoClose={3000}
      newestOnTop
      theme={isDark ? 'dark' : 'light'}
    />
  );
}

export function App() {
  // A change of language draws the whole app again: amounts and dates follow it too.
  useTranslation();
  const [queryClient] = useState(() => seedInitialData(createQueryClient()));
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <SessionProvider>
          <BrowserRouter>
            <AppRoutes />
            <Toasts />
          </BrowserRouter>
        </SessionProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
