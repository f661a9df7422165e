// /app/support: how to reach Volant's support (e-mail and phone from the server's configuration), the contact form,
// the guide, the versions of the server and of this web build, and the server's state (/healthz, /readyz).
import { BookOutlined, MailOutlined, PhoneOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { formatTime } from '@volant/shared/format';
import { Alert, Button, Card, Col, Descriptions, Flex, Row, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { version as webVersion } from '../../package.json';
import { useAppStore } from '../app/store.ts';
import { ContactForm } from '../features/contact/contact-form.tsx';

const STATUS_TIMEOUT_MS = 5_000;

interface ServerStatus {
  /** The process answers (/healthz). */
  isUp: boolean;
  /** The database answers and every migration is applied (/readyz). */
  isReady: boolean;
  migrations: number | null;
  expectedMigrations: number | null;
  checkedAt: Date;
}

async function probe(path: string): Promise<{ ok: boolean; body: Record<string, unknown> | null }> {
  try {
    const res = await fetch(path, { cache: 'no-store', signal: AbortSignal.timeout(STATUS_TIMEOUT_MS) });
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    return { ok: res.ok, body };
  } catch {
    return { ok: false, body: null };
  }
}

async function checkServer(): Promise<ServerStatus> {
  const [health, ready] = await Promise.all([probe('/healthz'), probe('/readyz')]);
  const count = (v: unknown) => (typeof v === 'number' ? v : null);
  return {
    isUp: health.ok,
    isReady: health.ok && ready.ok && ready.body?.status === 'ready',
    migrations: count(ready.body?.migrations),
    expectedMigrations: count(ready.body?.expected),
    checkedAt: new Date(),
  };
}

function StatusCard() {
  const status = useQuery({ queryKey: ['support', 'server-status'], queryFn: checkServer, retry: false, staleTime: 0, gcTime: 0 });
  const serverVersion = useAppStore((s) => s.serverConfig?.version ?? '–');
  const data = status.data;
  const state = !data ? null : data.isReady ? 'ok' : data.isUp && data.migrations !== null ? 'migrating' : 'down';

  return (
    <Card title="Verze a stav serveru" style={{ height: '100%' }}>
      <Descriptions column={1} size="small" bordered styles={{ label: { width: '45%' } }}>
        <Descriptions.Item label="Stav serveru">
          {status.isFetching && !data ? (
            'Ověřuji…'
          ) : state === 'ok' ? (
            <Tag color="green">Server je v pořádku</Tag>
          ) : state === 'migrating' ? (
            <Tag color="orange">Server se aktualizuje</Tag>
          ) : (
            <Tag color="red">Server je nedostupný</Tag>
          )}
        </Descriptions.Item>
        <Descriptions.Item label="Migrace databáze">
          {data?.migrations == null
            ? '–'
            : data.expectedMigrations
              ? `${data.migrations} z ${data.expectedMigrations}`
              : `${data.migrations} (všechny provedeny)`}
        </Descriptions.Item>
        <Descriptions.Item label="Verze serveru">{serverVersion}</Descriptions.Item>
        <Descriptions.Item label="Verze webové aplikace">{webVersion}</Descriptions.Item>
        <Descriptions.Item label="Naposledy ověřeno">{data ? formatTime(data.checkedAt) : '–'}</Descriptions.Item>
      </Descriptions>
      <Button icon={<ReloadOutlined />} style={{ marginTop: 16 }} loading={status.isFetching} onClick={() => void status.refetch()}>
        Zkontrolovat znovu
      </Button>
    </Card>
  );
}

function ContactCard() {
  const [sent, setSent] = useState(false);
  return (
    <Card title="Napište nám" style={{ height: '100%' }}>
      {sent ? (
        <Flex vertical gap={12} align="flex-start">
          <Alert
            type="success"
            showIcon
            title="Zpráva byla odeslána"
            description="Děkujeme. Ozveme se vám na zadaný e-mail co nejdříve, obvykle do jednoho pracovního dne."
          />
          <Button onClick={() => setSent(false)}>Napsat další zprávu</Button>
        </Flex>
      ) : (
        <>
          <Typography.Paragraph type="secondary">Uveďte, v jaké autoškole a na jaké stránce problém nastal.</Typography.Paragraph>
          <ContactForm onSent={() => setSent(true)} block={false} />
        </>
      )}
    </Card>
  );
}

export default function SupportPage() {
  const navigate = useNavigate();
  const supportEmail = useAppStore((s) => s.serverConfig?.supportEmail);
  const supportPhone = useAppStore((s) => s.serverConfig?.supportPhone);
  return (
    <div style={{ maxWidth: 960 }}>
      <Typography.Title level={2}>Podpora</Typography.Title>
      <Typography.Paragraph>Nevíte si rady nebo něco nefunguje, jak má? Jsme tu pro vás.</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Flex vertical gap={16} style={{ height: '100%' }}>
            <Card title="Kontakt na podporu Volant">
              <Flex vertical gap={8}>
                {supportEmail && (
                  <Typography.Text>
                    <MailOutlined /> E-mail: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
                  </Typography.Text>
                )}
                {supportPhone && (
                  <Typography.Text>
                    <PhoneOutlined /> Telefon: <a href={`tel:${supportPhone.replace(/\s/g, '')}`}>{supportPhone}</a>
                  </Typography.Text>
                )}
                <Typography.Text type="secondary">Odpovídáme v pracovní dny, obvykle do jednoho pracovního dne.</Typography.Text>
              </Flex>
            </Card>
            <Card title="Návod k aplikaci">
              <Typography.Paragraph>
                Krok za krokem: nový žák, plánování a zápis jízd s podpisy, platby, zkoušky, dokumenty a průkaz žadatele.
              </Typography.Paragraph>
              <Button icon={<BookOutlined />} onClick={() => navigate('/doc')}>
                Otevřít návod
              </Button>
            </Card>
            <StatusCard />
          </Flex>
        </Col>
        <Col xs={24} lg={12}>
          <ContactCard />
        </Col>
      </Row>
    </div>
  );
}
