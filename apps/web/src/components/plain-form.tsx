// Form controls in plain markup for the login route, styled as antd's (app.css, `.plain-*`). antd's Form, Input
// and Button bring their popup, validator and colour-preset machinery along (~45 KB gzip of the route's 150 KB budget)
// for two fields and a button; the pages behind the login load antd as they need it.
import { type InputHTMLAttributes, type ReactNode, useState } from 'react';

/** A labelled field with its message below, laid out as antd's vertical form items. */
export function PlainField({ id, label, error, extra, children }: { id: string; label: string; error?: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <div className="plain-form__item">
      <label className="plain-form__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error && (
        <div id={`${id}-error`} className="plain-form__error" role="alert">
          {error}
        </div>
      )}
      {extra && <div className="plain-form__extra">{extra}</div>}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & { id: string; error?: string };

/** A text input; with `error` it is marked invalid and points at its message. */
export function PlainInput({ id, error, ...rest }: InputProps) {
  return (
    <input
      id={id}
      className={error ? 'plain-input plain-input--error' : 'plain-input'}
      aria-invalid={!!error}
      aria-describedby={error ? `${id}-error` : undefined}
      {...rest}
    />
  );
}

/** A password input with a button that shows or hides what was typed, as antd's Input.Password. */
export function PlainPassword({ id, error, disabled, ...rest }: Omit<InputProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <span className={`plain-password${error ? ' plain-password--error' : ''}${disabled ? ' plain-password--disabled' : ''}`}>
      <input
        id={id}
        type={visible ? 'text' : 'password'}
        className="plain-password__input"
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        disabled={disabled}
        {...rest}
      />
      <button
        type="button"
        className="plain-password__toggle"
        aria-label={visible ? 'Skrýt heslo' : 'Zobrazit heslo'}
        aria-pressed={visible}
        disabled={disabled}
        onClick={() => setVisible((v) => !v)}
      >
        <svg viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" aria-hidden="true">
          <path d="M942.2 486.2C847.4 286.5 704.1 186 512 186c-192.2 0-335.4 100.5-430.2 300.3a60.3 60.3 0 000 51.5C176.6 737.5 319.9 838 512 838c192.2 0 335.4-100.5 430.2-300.3 7.7-16.2 7.7-35 0-51.5zM512 766c-161.3 0-279.4-81.8-362.7-254C232.6 339.8 350.7 258 512 258c161.3 0 279.4 81.8 362.7 254C791.5 684.2 673.4 766 512 766zm-4-430c-97.2 0-176 78.8-176 176s78.8 176 176 176 176-78.8 176-176-78.8-176-176-176zm0 288c-61.9 0-112-50.1-112-112s50.1-112 112-112 112 50.1 112 112-50.1 112-112 112z" />
          {!visible && <path d="M120 120 L904 904" stroke="currentColor" strokeWidth="72" strokeLinecap="round" />}
        </svg>
      </button>
    </span>
  );
}

/** The primary full-width submit button; while `loading` it shows a spinner and takes no clicks. */
export function PlainSubmit({ loading, children }: { loading?: boolean; children: ReactNode }) {
  return (
    <button type="submit" className={loading ? 'plain-button plain-button--loading' : 'plain-button'} aria-busy={loading || undefined} disabled={loading}>
      {loading && <span className="plain-button__spinner" aria-hidden="true" />}
      <span>{children}</span>
    </button>
  );
}
