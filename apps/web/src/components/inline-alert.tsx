// A small error box in plain markup for the public pages on the login route (antd Alert brings four icons along).
import type { ReactNode } from 'react';

export function InlineAlert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="inline-alert">
      {children}
    </div>
  );
}
