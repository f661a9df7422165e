// Tarif: the active school's tier, this month's usage and how to change the tier.
import { TIER_LABELS, TIERS, type Tier } from '@volant/shared/enums';
import { Alert, Card, Col, Progress, Row, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { tierUsagePercent } from '../../app/shell/tier-usage.tsx';
import { useTier } from '../../app/use-school.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { describeError } from '../../lib/trpc.ts';

const TIER_DESCRIPTIONS: Record<Tier, { summary: string; points: string[] }> = {
  STARTER: {
    summary: 'Pro malé autoškoly a na vyzkoušení.',
    points: ['Omezený počet nových žáků za kalendářní měsíc', 'Evidence žáků, výuky, výcviku a plateb', 'Hlášenky a PDF dokumenty'],
  },
  PREMIUM: {
    summary: 'Pro autoškoly, které rostou.',
    points: ['Neomezený počet nových žáků', 'Vše z tarifu Starter', 'Přednostní podpora'],
  },
  ENTERPRISE: {
    summary: 'Pro sítě autoškol a pobočky.',
    points: ['Individuální podmínky a limity', 'Vše z tarifu Premium', 'Pomoc s převodem dat a zaškolením'],
  },
};

export function TierSettings() {
  const tier = useTier();
  if (tier.isPending) return <PageSpinner />;
  if (tier.isError) return <Alert type="error" showIcon title={describeError(tier.error).message} />;
  const { tier: current, maxStudentsInSchoolPerMonth: max, currentUsageStudentsInSchoolPerMonth: used } = tier.data;

  return (
    <div style={{ maxWidth: 960 }}>
      <Typography.Title level={2}>Tarif</Typography.Title>
      <Card style={{ marginBottom: 16 }}>
        <Typography.Paragraph>
          Vaše autoškola má tarif <Tag color="blue">{TIER_LABELS[current]}</Tag>
        </Typography.Paragraph>
        {current === 'STARTER' && max != null ? (
          <>
            <Typography.Text>
              Noví žáci tento měsíc:{' '}
              <strong>
                {used}/{max}
              </strong>
            </Typography.Text>
            <Progress percent={tierUsagePercent(used, max)} status={used >= max ? 'exception' : 'normal'} />
            {used >= max && (
              <Alert type="warning" showIcon title="Měsíční limit nových žáků je vyčerpán. Další žáky přidáte od příštího měsíce nebo s vyšším tarifem." />
            )}
          </>
        ) : (
          current === 'PREMIUM' && <Typography.Text>Počet nových žáků není omezen. Tento měsíc jste přidali {used}.</Typography.Text>
        )}
      </Card>
      <Row gutter={[16, 16]}>
        {TIERS.map((t) => (
          <Col key={t} xs={24} md={8}>
            <Card title={TIER_LABELS[t]} extra={t === current ? <Tag color="green">Aktuální</Tag> : null} style={{ height: '100%' }}>
              <Typography.Paragraph strong>{TIER_DESCRIPTIONS[t].summary}</Typography.Paragraph>
              <ul style={{ paddingInlineStart: 20, margin: 0 }}>
                {TIER_DESCRIPTIONS[t].points.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </Card>
          </Col>
        ))}
      </Row>
      <Typography.Paragraph style={{ marginTop: 16 }}>
        O změnu tarifu požádejte přes <Link to="/contact">kontaktní formulář</Link>: uveďte název a číslo autoškoly a tarif, o který máte zájem. Změna se
        projeví hned po zpracování, bez odhlášení.
      </Typography.Paragraph>
    </div>
  );
}
