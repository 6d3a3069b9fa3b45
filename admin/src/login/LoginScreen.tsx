import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { authProvider, takeSignOutReason } from '@/authProvider';
import { readToken } from '@/session';
import { translate } from './translate';
import './login.css';

/** The storefront's own pages: its home and its forgot-password form (storefront/src/routes.tsx). */
const STORE_HOME = '/';
const FORGOT_PASSWORD = '/forgetpassword';
/** Spec 002: toasts close after 3 seconds. */
const TOAST_MS = 3000;
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@([a-zA-Z0-9-]+\.)+[a-zA-Z]{2,}$/;

interface Fields {
  email: string;
  password: string;
}
type FieldErrors = Partial<Record<keyof Fields, string>>;

function validate({ email, password }: Fields): FieldErrors {
  const errors: FieldErrors = {};
  if (!email.trim()) errors.email = translate('ra.validation.required');
  else if (!EMAIL.test(email.trim())) errors.email = translate('ra.validation.email');
  if (!password) errors.password = translate('ra.validation.required');
  return errors;
}

/** Where the console was headed when it asked for a sign-in (react-admin's redirect state). */
function nextConsolePath(): string {
  const state = (window.history.state as { usr?: { nextPathname?: string; nextSearch?: string } })
    ?.usr;
  // The console's router sees whole paths (`/admin/orders`); a path inside the console is
  // accepted too. Either way the result is one `/admin` prefix, never two.
  const next = state?.nextPathname?.replace(/^\/admin(?=\/|$)/, '') || '/';
  if (!next.startsWith('/') || next.startsWith('//') || /^\/login\/?$/.test(next)) {
    return '/admin/';
  }
  return `/admin${next}${state?.nextSearch ?? ''}`;
}

const openConsole = () => window.location.replace(nextConsolePath());

/** The console's theme choice, kept by react-admin (dark unless the admin picked light). */
function consoleTheme(): 'light' | 'dark' {
  try {
    return JSON.parse(localStorage.getItem('RaStore.theme') ?? 'null') === 'light'
      ? 'light'
      : 'dark';
  } catch {
    return 'dark';
  }
}

function useToast() {
  const [toast, setToast] = useState<string | null>(null);
  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setToast(null), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);
  return [toast, setToast] as const;
}

/**
 * The console's sign-in. Opened by its address, it loads React and this form only, and the
 * console (react-admin and MUI) loads once the admin is signed in; the console shows it too
 * when a session ends.
 */
export function LoginScreen() {
  const [fields, setFields] = useState<Fields>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [toast, setToast] = useToast();

  useEffect(() => {
    const reason = takeSignOutReason();
    if (reason) setToast(translate(reason));
    // Already signed in (here or on the store): straight to the console.
    if (readToken()) authProvider.checkAuth({}).then(openConsole, () => undefined);
  }, [setToast]);

  const change = (name: keyof Fields) => (value: string) => {
    const next = { ...fields, [name]: value };
    setFields(next);
    if (submitted) setErrors(validate(next));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validate(fields);
    setErrors(found);
    if (Object.keys(found).length) {
      setToast(translate('ra.message.invalid_form'));
      return;
    }
    setBusy(true);
    try {
      await authProvider.login({ email: fields.email.trim(), password: fields.password });
      openConsole();
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : '';
      setToast(translate(message || 'ra.auth.sign_in_error'));
      setBusy(false);
    }
  };

  return (
    <div className="login-screen" data-theme={consoleTheme()}>
      {toast && (
        <div className="login-toast" role="alert">
          {toast}
        </div>
      )}
      <main className="login-card">
        <img className="login-logo" src="/logo.svg" alt="" width="40" height="40" />
        <h1>{translate('app.title')}</h1>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <TextBox
            name="email"
            type="email"
            label={translate('app.login.email')}
            autoComplete="email"
            autoFocus
            value={fields.email}
            error={errors.email}
            onChange={change('email')}
          />
          <TextBox
            name="password"
            type={showPassword ? 'text' : 'password'}
            label={translate('app.login.password')}
            autoComplete="current-password"
            value={fields.password}
            error={errors.password}
            onChange={change('password')}
          >
            <button
              type="button"
              className="login-eye"
              aria-label={translate(
                showPassword
                  ? 'ra.input.password.toggle_visible'
                  : 'ra.input.password.toggle_hidden',
              )}
              onClick={() => setShowPassword(!showPassword)}
            >
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                <path d={showPassword ? EYE : EYE_OFF} />
              </svg>
            </button>
          </TextBox>
          <button type="submit" className="login-submit" disabled={busy}>
            {busy && <span className="login-spinner" aria-hidden="true" />}
            {translate('ra.auth.sign_in')}
          </button>
        </form>
        <nav className="login-links">
          <a href={FORGOT_PASSWORD}>{translate('app.login.forgot_password')}</a>
          <a href={STORE_HOME}>{translate('app.back_to_store')}</a>
        </nav>
      </main>
    </div>
  );
}

/** Material Design's visibility icons, as react-admin's password input shows them. */
const EYE =
  'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3';
const EYE_OFF =
  'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z';

interface TextBoxProps {
  name: keyof Fields;
  type: string;
  label: string;
  autoComplete: string;
  autoFocus?: boolean;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  children?: ReactNode;
}

/** A filled text field with its label and its error below, as the console's forms show them. */
function TextBox({ name, label, error, onChange, children, ...input }: TextBoxProps) {
  const id = `login-${name}`;
  return (
    <div className={`login-field${error ? ' has-error' : ''}`}>
      <div className="login-box">
        <input
          id={id}
          name={name}
          required
          placeholder=" "
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value)}
          {...input}
        />
        <label htmlFor={id}>
          {label}
          <span aria-hidden="true"> *</span>
        </label>
        {children}
      </div>
      <p className="login-error" id={`${id}-error`}>
        {error}
      </p>
    </div>
  );
}
