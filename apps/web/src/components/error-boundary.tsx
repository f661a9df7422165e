// A boundary that shows the generic error screen. The screen (antd Result) loads only when needed.
import { Component, lazy, type ReactNode, Suspense } from 'react';

const ErrorScreenChunk = lazy(() => import('./error-screen.tsx').then((m) => ({ default: m.ErrorScreen })));

export function LazyErrorScreen({ onRetry }: { onRetry?: () => void }) {
  return (
    <Suspense fallback={null}>
      <ErrorScreenChunk onRetry={onRetry} />
    </Suspense>
  );
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
