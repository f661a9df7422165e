// The result screen of generic forms (spec §2): replaces the form after a submit; action button 'Zavřít' by default.
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';

export interface FormResultProps {
  status: 'success' | 'error' | 'info' | 'warning';
  title: ReactNode;
  subTitle?: ReactNode;
  actionLabel?: string;
  onAction?: () => void;
  extra?: ReactNode;
}

export function FormResult({ status, title, subTitle, actionLabel = 'Zavřít', onAction, extra }: FormResultProps) {
  return (
    <Result
      status={status}
      title={title}
      subTitle={subTitle}
      extra={
        extra ??
        (onAction ? (
          <Button type="primary" onClick={onAction}>
            {actionLabel}
          </Button>
        ) : undefined)
      }
    />
  );
}

/** The label of an optional field (spec §2 Generic forms). */
export const optional = (label: string) => `${label} (volitelné)`;
