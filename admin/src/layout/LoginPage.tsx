import { Box, Link, Stack, Typography } from '@mui/material';
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

/** The storefront's own pages: its home and its forgot-password form (storefront/src/routes.tsx). */
const STORE_HOME = '/';
const FORGOT_PASSWORD = '/forgetpassword';

const StoreLogo = () => (
  <Box component="img" src="/logo.svg" alt="" sx={{ width: 40, height: 40, display: 'block' }} />
);

export const LoginPage = () => {
  const translate = useTranslate();
  const notify = useNotify();

  useEffect(() => {
    const reason = takeSignOutReason();
    if (reason) notify(reason, { type: 'error', messageArgs: { _: reason } });
  }, [notify]);

  return (
    <Login
      avatarIcon={<StoreLogo />}
      sx={{ '& .RaLogin-icon': { bgcolor: 'transparent', width: 48, height: 48 } }}
    >
      <Typography component="h1" variant="h6" sx={{ textAlign: 'center' }}>
        {translate('app.title')}
      </Typography>
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
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', px: 2, pb: 2, gap: 2, flexWrap: 'wrap' }}
      >
        <Link href={FORGOT_PASSWORD} variant="body2">
          {translate('app.login.forgot_password')}
        </Link>
        <Link href={STORE_HOME} variant="body2">
          {translate('app.back_to_store')}
        </Link>
      </Stack>
    </Login>
  );
};
