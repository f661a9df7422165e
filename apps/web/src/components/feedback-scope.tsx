// antd's message, notification and modal APIs (App.useApp) for any screen, drawer or dialog that gives feedback.
// The app shell does not mount antd's <App> (it keeps the login route small), so each one brings its own scope.
import { App } from 'antd';
import type { ComponentType, ReactNode } from 'react';

export function FeedbackScope({ children }: { children: ReactNode }) {
  return <App component={false}>{children}</App>;
}

/** Wraps a screen so that App.useApp() inside it has working message/notification/modal. */
export function withFeedback<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  function WithFeedback(props: P) {
    return (
      <FeedbackScope>
        <Screen {...props} />
      </FeedbackScope>
    );
  }
  WithFeedback.displayName = `WithFeedback(${Screen.displayName ?? Screen.name})`;
  return WithFeedback;
}
