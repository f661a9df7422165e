// 'Ukončit výcvik' (issue 17): the dialog checks the legal minimum first (student.getLegalMinimum, the server's one
// rule). Met: the office ends training on the date. Not met: it lists what is missing by section and offers only
// 'Ukončit předčasně' with a reason ('Přestup do jiné autoškoly', 'Ukončení výcviku žákem' or its own), which the
// server records; such a student gets the partial-completion certificate, never a document claiming completion.
import { useMutation, useQuery } from '@tanstack/react-query';
import { ERROR_TITLES } from '@volant/shared/errors';
import { formatDate } from '@volant/shared/format';
import { EARLY_END_REASONS } from '@volant/shared/lesson-plan/legal-minimum';
import { schoolToday } from '@volant/shared/school-time';
import { Alert, App, Button, DatePicker, Flex, Input, Radio, Skeleton, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { schoolOf, useSchoolInput, withSchool } from '../../app/use-school.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { browserNow } from '../../lib/clock.ts';
import { DATE_FORMAT, toIsoDate } from '../../lib/form-fields.ts';
import { describeError, useTRPC } from '../../lib/trpc.ts';

const OTHER = 'other';

export function FinishTrainingButton({ studentId }: { studentId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        Ukončit výcvik
      </Button>
      {open && <FinishTrainingDialog studentId={studentId} onClose={() => setOpen(false)} />}
    </>
  );
}

function FinishTrainingDialog({ studentId, onClose }: { studentId: string; onClose: () => void }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const { message, notification } = App.useApp();
  // Fresh on every opening: lessons and rides change on other tabs and other screens.
  const minimum = useQuery({ ...trpc.student.getLegalMinimum.queryOptions(withSchool(school, { studentId })), refetchOnMount: 'always' });
  const [date, setDate] = useState<Dayjs | null>(null);
  const [reason, setReason] = useState<string>(EARLY_END_REASONS[0]);
  const [otherReason, setOtherReason] = useState('');
  const finish = useMutation(
    trpc.student.setDateOfFinished.mutationOptions({
      onError: (err) => notification.error({ title: ERROR_TITLES.error, description: describeError(err).message }),
    }),
  );
  const today = schoolToday(browserNow());
  const earlyReason = reason === OTHER ? otherReason.trim() : reason;

  const submit = (early: boolean) =>
    finish
      .mutateAsync({
        ...schoolOf(school),
        studentsIds: [studentId],
        date: toIsoDate(date),
        ...(early ? { endedEarly: true, earlyEndReason: earlyReason } : {}),
      })
      .then(() => {
        message.success(early ? 'Výcvik byl ukončen předčasně' : 'Výcvik byl ukončen');
        onClose();
      })
      .catch(() => undefined);

  const met = minimum.data?.isMet === true;
  const footer = minimum.data
    ? [
        <Button key="cancel" onClick={onClose}>
          Zrušit
        </Button>,
        met ? (
          <Button key="ok" type="primary" loading={finish.isPending} onClick={() => submit(false)}>
            Ukončit výcvik
          </Button>
        ) : (
          <Button key="early" type="primary" danger loading={finish.isPending} disabled={!earlyReason} onClick={() => submit(true)}>
            Ukončit předčasně
          </Button>
        ),
      ]
    : null;

  return (
    <AppModal title="Ukončit výcvik" open onCancel={onClose} footer={footer} destroyOnHidden>
      <Flex vertical gap={12}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">Datum ukončení výcviku (nevyplněné = dnes).</Typography.Text>
          <DatePicker
            aria-label="Datum"
            format={DATE_FORMAT}
            value={date}
            onChange={setDate}
            placeholder={`Dnes (${formatDate(today)})`}
            disabledDate={(d) => d.format('YYYY-MM-DD') > today}
            style={{ width: '100%' }}
          />
        </Space>
        {minimum.isError && <Alert type="error" showIcon title="Nastala chyba" description={describeError(minimum.error).message} />}
        {minimum.isPending && <Skeleton active paragraph={{ rows: 3 }} />}
        {minimum.data &&
          (met ? (
            <Alert type="success" showIcon title="Žák absolvoval výuku a výcvik v rozsahu stanoveném zákonem." />
          ) : (
            <>
              <Alert
                type="warning"
                showIcon
                title="Žák nemá absolvovaný rozsah výuky a výcviku stanovený zákonem"
                description={
                  <ul aria-label="Co chybí" style={{ margin: 0, paddingInlineStart: 18 }}>
                    {minimum.data.missing.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                }
              />
              <Typography.Paragraph style={{ margin: 0 }}>
                Výcvik lze ukončit jen předčasně (přestup, ukončení žákem). Žákovi pak nelze vystavit přihlášku ke zkoušce, jen potvrzení o částečném
                absolvování.
              </Typography.Paragraph>
              <Radio.Group aria-label="Důvod předčasného ukončení" value={reason} onChange={(e) => setReason(e.target.value)}>
                <Space orientation="vertical">
                  {EARLY_END_REASONS.map((r) => (
                    <Radio key={r} value={r}>
                      {r}
                    </Radio>
                  ))}
                  <Radio value={OTHER}>Jiný důvod</Radio>
                </Space>
              </Radio.Group>
              {reason === OTHER && (
                <Input
                  aria-label="Jiný důvod"
                  placeholder="Důvod předčasného ukončení"
                  maxLength={200}
                  value={otherReason}
                  onChange={(e) => setOtherReason(e.target.value)}
                />
              )}
            </>
          ))}
      </Flex>
    </AppModal>
  );
}
