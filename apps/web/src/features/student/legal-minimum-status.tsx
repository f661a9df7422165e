// The Evidence tab's word on the legal minimum (issue 17), from the server's one rule (student.getLegalMinimum):
// met — the exam application may certify completion; not met (or ended early) — what is missing by section, that the
// exam application cannot be issued, and the partial-completion certificate offered instead.
import { useQuery } from '@tanstack/react-query';
import { pluralCs } from '@volant/shared/format';
import { LEGAL_MINIMUM_LABELS } from '@volant/shared/lesson-plan/legal-minimum';
import { Alert, Flex, Skeleton } from 'antd';
import { useSchoolInput, withSchool } from '../../app/use-school.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { PrintLinkButton } from '../print/print-link-button.tsx';

export function LegalMinimumStatus({ studentId, earlyEndReason }: { studentId: string; earlyEndReason: string | null }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const minimum = useQuery(trpc.student.getLegalMinimum.queryOptions(withSchool(school, { studentId })));
  if (minimum.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (!minimum.data) return null;
  const prior = minimum.data.priorSchools.length > 0 && (
    <span data-testid="prior-hours">
      Započteny hodiny z předchozí autoškoly ({minimum.data.priorSchools.join(', ')}):{' '}
      {minimum.data.sections
        .filter((s) => s.prior > 0)
        .map(
          (s) =>
            `${LEGAL_MINIMUM_LABELS[s.item]} ${s.prior} ${s.unit === 'lesson' ? pluralCs(s.prior, ['lekce', 'lekce', 'lekcí']) : pluralCs(s.prior, ['hodina', 'hodiny', 'hodin'])}`,
        )
        .join(', ')}
      .
    </span>
  );
  if (minimum.data.isMet)
    return (
      <Alert
        type="success"
        showIcon
        title="Zákonný rozsah výuky a výcviku je splněn"
        description={
          <Flex vertical gap={4}>
            <span>Žáka lze přihlásit ke zkoušce.</span>
            {prior}
          </Flex>
        }
      />
    );
  return (
    <Alert
      type="warning"
      showIcon
      title={earlyEndReason ? `Výcvik byl ukončen předčasně (${earlyEndReason})` : 'Zákonný rozsah výuky a výcviku není splněn'}
      description={
        <Flex vertical gap={8}>
          <span>Přihlášku ke zkoušce nelze vystavit. Chybí:</span>
          <ul aria-label="Co chybí" style={{ margin: 0, paddingInlineStart: 18 }}>
            {minimum.data.missing.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {prior}
          <span>Absolvovanou část potvrzuje potvrzení o částečném absolvování výuky a výcviku.</span>
          <div>
            <PrintLinkButton
              label="Tisk potvrzení o částečném absolvování"
              input={{ kind: 'PARTIAL_COMPLETION', entityId: studentId }}
              style={{ maxWidth: '100%', height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
            />
          </div>
        </Flex>
      }
    />
  );
}
