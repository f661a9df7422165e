// A boundary that shows the generic error screen. The screen (antd Result) loads only when needed.
import { Component, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useRouteError } from 'react-router';

const ErrorScreenChunk = lazy(() => import('./error-screen.tsx').then((m) => ({ default: m.ErrorScreen })));

export function LazyErrorScreen({ onRetry }: { onRetry?: () => void }) {
  return (
    <Suspense fallback={null}>
      <ErrorScreenChunk onRetry={onRetry} />
    </Suspense>
  );
}

/**
 * A route's errorElement: a page that fails to render shows the generic error screen in its place, inside the layouts
 * above it (the app shell stays), and the next navigation renders normally again.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return <LazyErrorScreen />;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, { hasError: boolean }> {
  state = { hasError: false };

  static getDerivedStateFromError() {
    return { hasError: true };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    return this.state.hasError ? <LazyErrorScreen /> : this.props.children;
  }
}
