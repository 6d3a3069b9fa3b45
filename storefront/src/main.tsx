import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { App } from './App';
import { ensureDeviceCookie } from './lib/device';

ensureDeviceCookie();

// A transition renders the first screen in slices that leave the main thread free in between.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
