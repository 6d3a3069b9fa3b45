import { BrowserRouter } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { SessionProvider } from './auth/SessionContext';
import { ThemeProvider, useTheme } from './layout/ThemeContext';
import { AppRoutes } from './routes';

function Toasts() {
  const { isDark } = useTheme();
  return (
    <ToastContainer
      position="top-right"
      autoClose={3000}
      newestOnTop
      theme={isDark ? 'dark' : 'light'}
    />
  );
}

export function App() {
  return (
    <ThemeProvider>
      <SessionProvider>
        <BrowserRouter>
          <AppRoutes />
          <Toasts />
        </BrowserRouter>
      </SessionProvider>
    </ThemeProvider>
  );
}
