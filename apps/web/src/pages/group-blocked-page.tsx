// /app/group-blocked: the active school is blocked; only this page and 'Více' stay open.
import { Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router';
import { SchoolSwitcher } from '../app/shell/school-switcher.tsx';
import { useGroupSettings } from '../app/use-school.ts';

export default function GroupBlockedPage() {
  const navigate = useNavigate();
  const settings = useGroupSettings();
  const name = settings.data?.schoolInfo.name;
  return (
    <Result
      status="warning"
      title="Autoškola je zablokována"
      subTitle={`Přístup k datům autoškoly${name ? ` ${name}` : ''} je dočasně pozastaven, nejčastěji kvůli neuhrazené platbě za tarif. Data autoškoly zůstávají uložená. Pro odblokování nás prosím kontaktujte; po odblokování se aplikace otevře sama.`}
      extra={
        <Space orientation="vertical" align="center">
          <Button type="primary" onClick={() => navigate('/contact')}>
            Kontaktovat podporu
          </Button>
          <div style={{ minWidth: 280 }}>
            <SchoolSwitcher mobile />
          </div>
        </Space>
      }
    />
  );
}
