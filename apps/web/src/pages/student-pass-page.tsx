// student/{school's pass code}/{registration number} (spec §2 Student pass): no login, no boot screen. The student's
// code comes from the e-mailed link's fragment (#kod=…, which reaches no server; removed from the address bar at
// once) or is typed in, and is remembered on this device for this pass, so the student opens it in the car with one
// tap. Every call is a POST (pass-client.ts). The page asks search engines not to index it and sends no referrer.
import { useMutation, useQuery } from '@tanstack/react-query';
import { ERROR_TITLES } from '@volant/shared/errors';
import { passCodeOfHash, STUDENT_PASS_MESSAGES } from '@volant/shared/student-pass/code';
import { Alert, Button, Input } from 'antd';
import { type FormEvent, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { PublicLayout } from '../components/public-layout.tsx';
import { SignatureField } from '../components/signature-dialog.tsx';
import { passClient } from '../features/student-pass/pass-client.ts';
import { type StudentPass, StudentPassView } from '../features/student-pass/student-pass-view.tsx';
import { describeError } from '../lib/trpc.ts';

const TITLE = 'Elektronický průkaz žadatele o řidičské oprávnění';

const storageKey = (schoolCode: string, registrationNumber: string) => `volant.pass:${schoolCode}/${registrationNumber}`;

function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, code: string | null) {
  try {
    if (code) localStorage.setItem(key, code);
    else localStorage.removeItem(key);
  } catch {
    // Private mode: the code is simply not remembered.
  }
}

/** The code of the link's fragment (taken out of the address bar), else the one remembered for this pass. */
function initialCode(key: string): string | null {
  const fromLink = passCodeOfHash(window.location.hash);
  if (fromLink) {
    store(key, fromLink);
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    return fromLink;
  }
  return readStored(key);
}

/** Not indexed and no referrer, also for a crawler that runs the page's script (the server sends both as headers). */
function usePrivatePageMeta() {
  useEffect(() => {
    const metas = [
      ['robots', 'noindex, nofollow'],
      ['referrer', 'no-referrer'],
    ].map(([name, content]) => {
      const meta = document.createElement('meta');
      meta.name = name;
      meta.content = content;
      document.head.appendChild(meta);
      return meta;
    });
    const title = document.title;
    document.title = 'Průkaz žadatele – Volant';
    return () => {
      for (const meta of metas) meta.remove();
      document.title = title;
    };
  }, []);
}

function CodeForm({ onSubmit }: { onSubmit: (code: string) => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!value.trim()) return setError(STUDENT_PASS_MESSAGES.codeRequired);
    onSubmit(value.trim());
  };
  return (
    <form className="student-pass-page__code" onSubmit={submit} noValidate>
      <label htmlFor="pass-code">Kód průkazu</label>
      <Input
        id="pass-code"
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setError(null);
        }}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={64}
        size="large"
        status={error ? 'error' : undefined}
        placeholder="např. K7M2P9QX"
      />
      {error && <span style={{ color: '#cf1322' }}>{error}</span>}
      <span className="student-pass__muted">Kód najdete v e-mailu od autoškoly.</span>
      <Button type="primary" htmlType="submit" size="large" block>
        Zobrazit průkaz
      </Button>
    </form>
  );
}

function PassSignature({ pass, code }: { pass: StudentPass; code: string }) {
  const sign = useMutation({
    mutationFn: (signature: string) =>
      passClient.studentPassSignature.createStudentPassSignature.mutate({
        schoolId: pass.schoolId,
        studentId: pass.studentId,
        registrationNumber: pass.student.registrationNumber ?? '',
        secretCode: code,
        signature,
      }),
  });
  const signed = sign.data ? sign.variables : (pass.signature?.svg ?? null);
  return (
    <>
      <SignatureField
        title="Podpis žadatele"
        signLabel="Podepsat průkaz"
        value={signed}
        disabled={sign.isPending}
        onChange={(svg) => {
          // An empty drawing keeps the signature there is.
          if (svg) sign.mutate(svg);
        }}
      />
      {sign.isError && <Alert type="error" showIcon title={ERROR_TITLES.error} description={describeError(sign.error).message} />}
    </>
  );
}

export default function StudentPassPage() {
  // The route's first segment (spec student/{schoolId}/…) carries the school's pass code. Another pass is another screen.
  const { schoolId: schoolCode = '', registrationNumber = '' } = useParams();
  return <PassScreen key={`${schoolCode}/${registrationNumber}`} schoolCode={schoolCode} registrationNumber={registrationNumber} />;
}

function PassScreen({ schoolCode, registrationNumber }: { schoolCode: string; registrationNumber: string }) {
  const key = storageKey(schoolCode, registrationNumber);
  const [code, setCode] = useState<string | null>(() => initialCode(key));
  usePrivatePageMeta();

  useEffect(() => {
    // A link with another code opened in the same tab changes only the fragment: no new page load.
    const onHash = () => {
      const next = passCodeOfHash(window.location.hash);
      if (next) setCode(initialCode(key));
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [key]);

  const pass = useQuery({
    queryKey: ['studentPass', schoolCode, registrationNumber, code],
    queryFn: () => passClient.student.getStudentPass.query({ type: 'web', schoolCode, registrationNumber, secretCode: code ?? '' }),
    enabled: !!code,
    retry: false,
    staleTime: 60_000,
  });
  const refusal = typeof pass.data === 'string' ? pass.data : null;

  useEffect(() => {
    // A code that no longer opens the pass (regenerated, mistyped) is not kept.
    if (refusal === STUDENT_PASS_MESSAGES.invalid) store(key, null);
  }, [refusal, key]);

  const open = (next: string) => {
    store(key, next);
    if (next === code) void pass.refetch();
    else setCode(next);
  };

  return (
    <PublicLayout title={TITLE} wide>
      {!code ? (
        <CodeForm onSubmit={open} />
      ) : pass.isPending ? (
        <p className="student-pass-page__status">Načítání...</p>
      ) : pass.isError ? (
        <Alert type="error" showIcon title={ERROR_TITLES.error} description={describeError(pass.error).message} />
      ) : refusal !== null || !pass.data || typeof pass.data === 'string' ? (
        <>
          <Alert type="error" showIcon title={ERROR_TITLES.error} description={refusal} role="alert" />
          <CodeForm key={String(pass.dataUpdatedAt)} onSubmit={open} />
        </>
      ) : (
        <>
          <StudentPassView pass={pass.data} signature={<PassSignature pass={pass.data} code={code} />} />
          <p className="public-page__note">
            <Button
              type="link"
              onClick={() => {
                store(key, null);
                setCode(null);
              }}
            >
              Zadat jiný kód
            </Button>
          </p>
        </>
      )}
    </PublicLayout>
  );
}
