// A page of tabs whose active tab lives in the URL (?tab=<key>), so each can be linked; the first tab is the default.
import { Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';

export interface UrlTab {
  key: string;
  label: string;
  children: ReactNode;
}

/** `extra`: actions beside the tabs (e.g. Platby's 'Import výpisu'). */
export function UrlTabsPage({ title, tabs, extra }: { title: string; tabs: UrlTab[]; extra?: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab');
  const active = tabs.some((t) => t.key === tab) ? (tab as string) : tabs[0].key;
  return (
    <div style={{ minWidth: 0 }}>
      <Typography.Title level={3}>{title}</Typography.Title>
      <Tabs
        activeKey={active}
        onChange={(key) =>
          setParams(
            (p) => {
              p.set('tab', key);
              return p;
            },
            { replace: true },
          )
        }
        destroyOnHidden
        tabBarExtraContent={extra}
        items={tabs}
      />
    </div>
  );
}
