// 'Odkaz pro kalendář' (issue 19 §4), as staff and students see it: the secret subscription URL for Google, Apple and
// Outlook calendars. The server keeps only the link's hash, so the URL is shown right after 'Vygenerovat nový odkaz'
// (read-only, with 'Kopírovat'); later the card says since when a link is live. A new link kills the old one, which
// the user confirms first. The data comes from the caller (staff or student client); this view only shows it.
import { formatDateTime } from '@volant/shared/format';
import { Alert, Button, Card, Input, Popconfirm, Space, Typography } from 'antd';
import { notify } from '../../lib/antd-static.ts';

export interface CalendarFeedViewProps {
  /** Whether a link is live, and since when; undefined while loading. */
  feed: { active: boolean; createdAt: Date | string | null } | undefined;
  /** The URL the last 'Vygenerovat nový odkaz' made in this page (the only time it can be shown). */
  url: string | null;
  rotating: boolean;
  error: string | null;
  onRotate(): void;
  /** Whose rides the calendar holds, in the hint ('vaše jízdy a výuka' / 'jízdy a výuka, které učíte'). */
  contents: string;
}

async function copy(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    notify.success('Odkaz je zkopírovaný');
  } catch {
    notify.error('Odkaz se nepodařilo zkopírovat, označte ho a zkopírujte ručně.');
  }
}

export function CalendarFeedView({ feed, url, rotating, error, onRotate, contents }: CalendarFeedViewProps) {
  const active = feed?.active ?? false;
  const rotate = (
    <Button type={active ? 'default' : 'primary'} loading={rotating} disabled={!feed} onClick={active ? undefined : onRotate}>
      Vygenerovat nový odkaz
    </Button>
  );
  return (
    <Card title="Odkaz pro kalendář" style={{ height: '100%' }}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph style={{ margin: 0 }}>
          Přidejte si {contents} do svého kalendáře v telefonu nebo v počítači. Odkaz je tajný: kdo ho zná, vidí vaše termíny.
        </Typography.Paragraph>
        {error && <Alert type="error" showIcon title={error} />}
        {url ? (
          <Space.Compact style={{ width: '100%' }}>
            <Input readOnly value={url} aria-label="Odkaz pro kalendář" onFocus={(e) => e.target.select()} />
            <Button type="primary" onClick={() => void copy(url)}>
              Kopírovat
            </Button>
          </Space.Compact>
        ) : active && feed?.createdAt ? (
          <Typography.Text type="secondary">
            Odkaz platí od {formatDateTime(new Date(feed.createdAt))}. Celý ho ukazujeme jen hned po vygenerování; pokud ho nemáte, vygenerujte nový.
          </Typography.Text>
        ) : (
          feed && <Typography.Text type="secondary">Zatím nemáte žádný odkaz.</Typography.Text>
        )}
        {active ? (
          <Popconfirm
            title="Vygenerovat nový odkaz?"
            description="Starý odkaz přestane fungovat a kalendáře, které ho odebírají, se přestanou aktualizovat."
            okText="Vygenerovat"
            cancelText="Zrušit"
            onConfirm={onRotate}
          >
            {rotate}
          </Popconfirm>
        ) : (
          rotate
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Jak odkaz přidat: <b>Google Kalendář</b> – Další kalendáře (+) → Z adresy URL. <b>Apple Kalendář</b> – Soubor → Nový odběr kalendáře (v iPhonu
          Nastavení → Kalendář → Účty → Přidat účet → Jiný → Přidat odebíraný kalendář). <b>Outlook</b> – Přidat kalendář → Odebírat z webu. Kalendář se
          obnovuje sám, obvykle během několika hodin.
        </Typography.Text>
      </Space>
    </Card>
  );
}
