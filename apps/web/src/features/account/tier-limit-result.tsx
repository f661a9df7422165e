// The STARTER month's limit reached (TIER_LIMIT): what happened and the way to a higher tier.
import { Button, Result } from 'antd';
import { Link } from 'react-router';

export function TierLimitResult({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <Result
      status="warning"
      title="Limit tarifu byl dosažen"
      subTitle={message}
      extra={[
        <Link to="/app/settings/tier" key="tier">
          <Button type="primary">Přejít na vyšší tarif</Button>
        </Link>,
        <Button key="close" onClick={onClose}>
          Zavřít
        </Button>,
      ]}
    />
  );
}
