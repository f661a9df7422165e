// /login (also /): e-mail and password; links to reset the password, to register and to help (spec §2).
import { useMutation } from '@tanstack/react-query';
// No antd here: its Form, Input and Button bring Tooltip, popups, async-validator and colour presets along (~45 KB
// gzip) for two fields and a button; the controls are plain markup styled alike (components/plain-form.tsx).
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { startSession } from '../app/session.ts';
import { InlineAlert } from '../components/inline-alert.tsx';
import { PlainField, PlainInput, PlainPassword, PlainSubmit } from '../components/plain-form.tsx';
import { PublicLayout } from '../components/public-layout.tsx';
import { issuesToFieldErrors } from '../lib/form-errors.ts';
import { describeError, useTRPC } from '../lib/trpc.ts';
import { useAppStore } from '../app/store.ts';
import { landingPathOf } from '../app/guards.ts';

interface LoginValues {
  email: string;
  password: string;
}
type Field = keyof LoginValues;

export default function LoginPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const login = useMutation(trpc.user.loginUser.mutationOptions());

  const change = (field: Field) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    // As a form item does: editing a field clears its message.
    setFieldErrors(({ [field]: _, ...rest }) => rest);
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (login.isPending) return;
    setError(null);
    // The shared schema and the error catalogue (both bring zod) load on submit, keeping the login route small.
    const [{ loginInput }, { APP_ERRORS }] = await Promise.all([import('@volant/shared/user/inputs'), import('@volant/shared/errors')]);
    const parsed = loginInput.safeParse(values);
    if (!parsed.success) {
      setFieldErrors(Object.fromEntries(issuesToFieldErrors(parsed.error.issues).map((f) => [f.name[0], f.errors[0]])));
      return;
    }
    setFieldErrors({});
    const input = parsed.data;
    try {
      const result = await login.mutateAsync(input);
      if (result.state === 'OK') {
        await startSession(result.token);
        // The page the user chose in Uživatelské Nastavení (default Přehled).
        navigate(landingPathOf(useAppStore.getState().user?.landingPage), { replace: true });
      } else if (result.state === 'NOT_ACTIVATED') setError(APP_ERRORS.NOT_ACTIVATED);
      else setError(APP_ERRORS.INVALID_CREDENTIALS);
    } catch (e) {
      const { appCode, message } = describeError(e);
      setError(appCode === 'RATE_LIMITED' ? message : APP_ERRORS.INVALID_CREDENTIALS);
    }
  };

  return (
    <PublicLayout title="Přihlášení">
      <form className="plain-form" onSubmit={onSubmit} noValidate>
        <PlainField id="login-email" label="E-mail" error={fieldErrors.email}>
          <PlainInput
            id="login-email"
            name="email"
            value={values.email}
            onChange={change('email')}
            error={fieldErrors.email}
            disabled={login.isPending}
            autoComplete="username"
            inputMode="email"
            autoFocus
          />
        </PlainField>
        <PlainField id="login-password" label="Heslo" error={fieldErrors.password} extra={<Link to="/reset-password">Zapomenuté heslo?</Link>}>
          <PlainPassword
            id="login-password"
            name="password"
            value={values.password}
            onChange={change('password')}
            error={fieldErrors.password}
            disabled={login.isPending}
            autoComplete="current-password"
          />
        </PlainField>
        {error && <InlineAlert>{error}</InlineAlert>}
        <PlainSubmit loading={login.isPending}>Přihlásit se</PlainSubmit>
      </form>
      <p className="public-page__note">
        Nemáte účet? <Link to="/register">Zaregistrujte se</Link>
      </p>
      <p className="public-page__note public-page__muted" style={{ marginTop: 8 }}>
        Potřebujete pomoc? <Link to="/contact">Napište nám</Link> nebo si přečtěte <Link to="/doc">návod</Link>.
      </p>
    </PublicLayout>
  );
}
