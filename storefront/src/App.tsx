import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { createQueryClient } from './api/queryClient';
import { SessionProvider } from './auth/SessionContext';
import { ThemeProvider, useTheme } from './layout/ThemeContext';
import { AppRoutes } from './routes';
import { useMediaQuery } from './lib/useMediaQuery';

const PHONE_QUERY = '(max-width: 767px)';

function Toasts() {
  const { isDark } = useTheme();
  // On a phone the heading fills the top of the screen: toasts come up from the bottom instead.
  const isPhone = useMediaQuery(PHONE_QUERY);
  return (
    <ToastContainer
      position={isPhone ? 'bottom-center' : 'top-right'}
      autoClose={3000}
      newestOnTop
      theme={isDark ? 'dark' : 'light'}
    />
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
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
