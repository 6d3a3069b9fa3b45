import { useEffect } from 'react';
import {
  Login,
  LoginForm,
  PasswordInput,
  TextInput,
  email,
  required,
  useNotify,
  useTranslate,
} from 'react-admin';
import { takeSignOutReason } from '@/authProvider';

export const LoginPage = () => {
  const translate = useTranslate();
  const notify = useNotify();

  useEffect(() => {
    const reason = takeSignOutReason();
    if (reason) notify(reason, { type: 'error', messageArgs: { _: reason } });
  }, [notify]);

  return (
    <Login>
      <LoginForm>
        <TextInput
          autoFocus
          source="email"
          type="email"
          label={translate('app.login.email')}
          autoComplete="email"
          validate={[required(), email()]}
        />
        <PasswordInput
          source="password"
          label={translate('app.login.password')}
          autoComplete="current-password"
          validate={required()}
        />
      </LoginForm>
    </Login>
  );
};
