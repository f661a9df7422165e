// The Evidenční kniha (legal-cz §6, decree §9) for a date range of at most a year, as a PDF job: on the reporting
// page, next to the hlášenky. The range defaults to this year so far.
import { PDF_KIND_LABELS } from '@volant/shared/enums';
import { registerBookRangeInput } from '@volant/shared/pdf/inputs';
import { schoolToday } from '@volant/shared/school-time';
import { Alert, Card, DatePicker, Flex, Form, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { schoolOf, useSchoolInput } from '../../app/use-school.ts';
import { browserNow } from '../../lib/clock.ts';
import { useTRPCClient } from '../../lib/trpc.ts';
import { withFeedback } from '../../components/feedback-scope.tsx';
import { PdfExportButton } from './pdf-export-button.tsx';

const DAY = 'YYYY-MM-DD';

function RegisterBookExportView() {
  const client = useTRPCClient();
  const school = useSchoolInput();
  const today = schoolToday(browserNow());
  const [from, setFrom] = useState<Dayjs | null>(dayjs(`${today.slice(0, 4)}-01-01`));
  const [to, setTo] = useState<Dayjs | null>(dayjs(today));
  const checked = registerBookRangeInput.safeParse({ from: from?.format(DAY) ?? '', to: to?.format(DAY) ?? '' });
  const problem = checked.success ? null : checked.error.issues[0]?.message;
  return (
    <Card size="small" title={PDF_KIND_LABELS.REGISTER_BOOK}>
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        Evidence všech žadatelů o řidičské oprávnění zařazených do výuky a výcviku za zvolené období (nejvýše jeden rok).
      </Typography.Paragraph>
      <Form layout="inline" component="div" style={{ rowGap: 8 }}>
        <Form.Item label="Od">
          <DatePicker aria-label="Od" format="D.M.YYYY" value={from} onChange={setFrom} allowClear={false} />
        </Form.Item>
        <Form.Item label="Do">
          <DatePicker aria-label="Do" format="D.M.YYYY" value={to} onChange={setTo} allowClear={false} />
        </Form.Item>
        <Form.Item>
          <PdfExportButton
            label="Evidenční kniha (PDF)"
            document={PDF_KIND_LABELS.REGISTER_BOOK}
            disabled={!checked.success}
            request={(clientCode) =>
              client.pdfFile.requestPdf.mutate({
                ...schoolOf(school),
                kind: 'REGISTER_BOOK',
                from: from?.format(DAY) ?? '',
                to: to?.format(DAY) ?? '',
                clientCode,
              })
            }
          />
        </Form.Item>
      </Form>
      {problem && (
        <Flex style={{ marginTop: 8 }}>
          <Alert type="warning" showIcon title={problem} />
        </Flex>
      )}
    </Card>
  );
}

export const RegisterBookExport = withFeedback(RegisterBookExportView);
