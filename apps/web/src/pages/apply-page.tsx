// apply/:formId (issue 11): a school's public application form. No login, no boot screen, no app shell; it works on
// its own and inside the iframe the school's site embeds (embed/application-form.js), whose height follows the page
// through `volant-form-height` messages.
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { ApplyForm, type ApplySubmission, ApplyTheme } from '../features/application-form/apply-form.tsx';
import { publicClient } from '../features/application-form/public-client.ts';
import { describeError, errorCode } from '../lib/trpc.ts';

export const FORM_NOT_FOUND = 'Přihláškový formulář nebyl nalezen.';

const isEmbedded = () => {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
};

/** Tells the embedding page how tall the content is, on every change of size. */
function useReportHeight(formId: string, element: React.RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const node = element.current;
    if (!node || !isEmbedded()) return;
    let last = -1;
    const post = () => {
      const height = Math.ceil(node.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      // '*': the page does not know the embedding site; the message says nothing but the height.
      window.parent.postMessage({ type: 'volant-form-height', formId, height }, '*');
    };
    post();
    const observer = new ResizeObserver(post);
    observer.observe(node);
    return () => observer.disconnect();
  }, [formId, element]);
}

export default function ApplyPage() {
  const { formId = '' } = useParams();
  return <ApplyScreen key={formId} formId={formId} />;
}

function ApplyScreen({ formId }: { formId: string }) {
  const embedded = isEmbedded();
  const root = useRef<HTMLDivElement>(null);
  const [sentTo, setSentTo] = useState<{ email: string | null } | null>(null);
  const form = useQuery({
    queryKey: ['publicApplicationForm', formId],
    queryFn: () => publicClient.applicationForm.getPublicForm.query({ formId }),
    retry: (count, error) => !['NOT_FOUND', 'BAD_REQUEST', 'FORBIDDEN'].includes(errorCode(error) ?? '') && count < 2,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const submit = useMutation({
    mutationFn: (input: ApplySubmission & { formId: string; fillToken: string }) => publicClient.applicationForm.submitApplication.mutate(input),
  });
  useReportHeight(formId, root);

  const data = form.data;
  useEffect(() => {
    if (!data) return;
    const title = document.title;
    document.title = `${data.name} – ${data.schoolName}`;
    return () => {
      document.title = title;
    };
  }, [data]);

  const send = (input: ApplySubmission) => {
    if (!data) return;
    submit.mutate(
      { ...input, formId, fillToken: data.fillToken },
      {
        onSuccess: () => {
          setSentTo({ email: input.studentInfo.email?.trim() || null });
          window.scrollTo(0, 0);
        },
        onError: (error) => {
          // The course was taken off the form meanwhile: show the current offer.
          if (describeError(error).appCode === 'APPLICATION_COURSE_NOT_FOUND') void form.refetch();
        },
      },
    );
  };

  const another = async () => {
    submit.reset();
    setSentTo(null);
    // A new application needs a fresh fill token (and shows the current courses).
    await form.refetch();
  };

  let content: React.ReactNode;
  if (form.isPending) {
    content = (
      <div className="apply-page__center">
        <Spin size="large" aria-label="Načítání formuláře" />
      </div>
    );
  } else if (form.isError) {
    const code = errorCode(form.error);
    content =
      code === 'NOT_FOUND' || code === 'BAD_REQUEST' ? (
        <Result status="404" title={FORM_NOT_FOUND} subTitle="Odkaz je neplatný, nebo autoškola formulář zrušila." />
      ) : (
        <Result
          status="error"
          title="Formulář se nepodařilo načíst"
          subTitle={describeError(form.error).message}
          extra={
            <Button type="primary" onClick={() => void form.refetch()}>
              Zkusit znovu
            </Button>
          }
        />
      );
  } else if (sentTo) {
    content = (
      <Result
        status="success"
        title="Přihláška byla odeslána"
        subTitle={[
          `Děkujeme. ${form.data.schoolName} vaši přihlášku posoudí a ozve se vám.`,
          sentTo.email ? `Potvrzení o přijetí přihlášky jsme poslali na ${sentTo.email}.` : '',
          'Po přijetí vám autoškola přidělí evidenční číslo a domluví s vámi zahájení výuky.',
        ]
          .filter(Boolean)
          .join(' ')}
        extra={<Button onClick={() => void another()}>Odeslat další přihlášku</Button>}
      />
    );
  } else {
    content = (
      <>
        <p className="apply-page__school">{form.data.schoolName}</p>
        <h1 className="apply-page__title">{form.data.name}</h1>
        <ApplyForm form={form.data} submitting={submit.isPending} error={submit.isError ? describeError(submit.error).message : null} onSubmit={send} />
      </>
    );
  }

  return (
    <ApplyTheme colorPrimary={data?.colorPrimary ?? ''} colorError={data?.colorError ?? ''}>
      <div ref={root} className={embedded ? 'apply-page apply-page--embedded' : 'apply-page'}>
        <main className="apply-page__panel">{content}</main>
      </div>
    </ApplyTheme>
  );
}
