// /zak/prihlaseni#<token>: the e-mailed sign-in link of 'Můj výcvik'. The token is in the fragment (it reaches no
// server, so no log) and is taken out of the address bar at once; it is sent once, in a POST body. An address with
// access in several schools picks one here (as staff pick a school).
import { STUDENT_LOGIN_TEXTS } from '@volant/shared/student-portal/access';
import { Alert, Button, Flex, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PublicLayout } from '../components/public-layout.tsx';
import { storeStudentToken, studentQueryClient, studentTrpcClient } from '../features/student-portal/student-trpc.ts';
import { describeError } from '../lib/trpc.ts';

type Choice = { choiceToken: string; schools: { schoolId: string; schoolName: string }[] };

export default function StudentSignInPage() {
  const navigate = useNavigate();
  const started = useRef(false);
  const [choice, setChoice] = useState<Choice | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const signedIn = (token: string) => {
    storeStudentToken(token);
    studentQueryClient.clear();
    navigate('/zak', { replace: true });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    // Once: the link is single-use (React's development double effect must not spend it twice).
    if (started.current) return;
    started.current = true;
    const token = window.location.hash.slice(1);
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!token) {
      setError(STUDENT_LOGIN_TEXTS.linkInvalid);
      return;
    }
    studentTrpcClient.studentLogin.signIn.mutate({ token }).then(
      (answer) => (answer.state === 'SIGNED_IN' ? signedIn(answer.token) : setChoice(answer)),
      (err: unknown) => setError(describeError(err).message),
    );
  }, []);

  const choose = (schoolId: string) => {
    if (!choice) return;
    setBusy(true);
    studentTrpcClient.studentLogin.chooseSchool.mutate({ choiceToken: choice.choiceToken, schoolId }).then(
      (answer) => signedIn(answer.token),
      (err: unknown) => {
        setBusy(false);
        setChoice(null);
        setError(describeError(err).message);
      },
    );
  };

  return (
    <PublicLayout title={STUDENT_LOGIN_TEXTS.title}>
      {error ? (
        <Flex vertical gap={16}>
          <Alert type="error" showIcon title={error} />
          <Link to="/zak">Poslat nový odkaz</Link>
        </Flex>
      ) : choice ? (
        <Flex vertical gap={12}>
          <h2 className="portal__choice-title">{STUDENT_LOGIN_TEXTS.chooseSchool}</h2>
          {choice.schools.map((s) => (
            <Button key={s.schoolId} size="large" block disabled={busy} onClick={() => choose(s.schoolId)}>
              {s.schoolName}
            </Button>
          ))}
        </Flex>
      ) : (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin aria-label="Přihlašování" />
        </Flex>
      )}
    </PublicLayout>
  );
}
