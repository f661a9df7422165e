import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './app/app.css';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/routes.tsx';
import { useAppStore } from './app/store.ts';
import { ErrorBoundary } from './components/error-boundary.tsx';
import { detectApp } from './lib/app-bridge.ts';

const router = createAppRouter();

// The mobile-app wrapper, when it hosts the page, answers within a second (docs/mobile-app-bridge.md).
void detectApp().then((info) => useAppStore.getState().setIsMobileApp(info !== null));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <ErrorBoundary>
        <RouterProvider router={router} />
      </ErrorBoundary>
    </Providers>
  </StrictMode>,
);
