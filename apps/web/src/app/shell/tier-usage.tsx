// STARTER tier: students registered this month, used/max, with an upgrade prompt (spec §2, §9).
import { Card, Progress, Typography } from 'antd';
import { Link } from 'react-router';
import { useTier } from '../use-school.ts';

export function tierUsagePercent(used: number, max: number | null): number {
  if (!max || max <= 0) return 0;
  return Math.min(100, Math.round((used / max) * 100));
}

export function TierUsageWidget() {
  const tier = useTier();
  const data = tier.data;
  if (data?.tier !== 'STARTER' || data.maxStudentsInSchoolPerMonth == null) return null;
  const used = data.currentUsageStudentsInSchoolPerMonth;
  const max = data.maxStudentsInSchoolPerMonth;
  const percent = tierUsagePercent(used, max);
  const isFull = used >= max;
  return (
    <Card size="small" title="Tarif Starter" style={{ margin: 12 }}>
      <Typography.Text>
        Noví žáci tento měsíc:{' '}
        <strong>
          {used}/{max}
        </strong>
      </Typography.Text>
      <Progress percent={percent} showInfo={false} status={isFull ? 'exception' : 'normal'} size="small" aria-label={`Využito ${used} z ${max}`} />
      <Typography.Paragraph type={isFull ? 'danger' : 'secondary'} style={{ fontSize: 12, marginBottom: 4 }}>
        {isFull ? 'Měsíční limit nových žáků je vyčerpán.' : 'Potřebujete víc žáků?'}
      </Typography.Paragraph>
      <Link to="/app/settings/tier">Přejít na vyšší tarif</Link>
    </Card>
  );
}
