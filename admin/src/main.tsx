import { StrictMode, lazy, startTransition, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { isLoginPath } from '@/login/loginPath';
import { LoginScreen } from '@/login/LoginScreen';

// react-admin and MUI load only past the sign-in page, which needs neither.
const App = lazy(() => import('@/App'));

// A transition renders the first screen in slices that leave the main thread free in between.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      {isLoginPath(window.location.pathname) ? (
        <LoginScreen />
      ) : (
        <Suspense>
          <App />
        </Suspense>
      )}
    </StrictMode>,
  );
});
