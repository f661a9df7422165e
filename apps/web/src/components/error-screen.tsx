// The generic error screen of spec §2.
import { GENERIC_ERROR_SUBTITLE, GENERIC_ERROR_TITLE } from '@volant/shared/errors';
import { Button, Result } from 'antd';
import { AntdConfig } from '../app/antd-config.tsx';

export function ErrorScreen({ onRetry }: { onRetry?: () => void }) {
  return (
    <AntdConfig>
      <Result
        status="error"
        title={GENERIC_ERROR_TITLE}
        subTitle={GENERIC_ERROR_SUBTITLE}
        extra={
          <Button type="primary" onClick={onRetry ?? (() => window.location.reload())}>
            Zkusit znovu
          </Button>
        }
      />
    </AntdConfig>
  );
}
