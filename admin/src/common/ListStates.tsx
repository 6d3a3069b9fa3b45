import { Alert, Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The item and product tables' 'Loading...' text (spec 002 section 8). */
export const LoadingText = () => {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 2 }} color="text.secondary">
      {translate('app.loading')}
    </Typography>
  );
};

/** 'Error: {message}', the message being a translation key or the server's own text. */
export const ErrorText = ({ message }: { message: string }) => {
  const translate = useTranslate();
  return (
    <Alert severity="error" sx={{ m: 2 }}>
      {translate('app.error.with_message', { message: translate(message, { _: message }) })}
    </Alert>
  );
};

export const EmptyText = ({ message }: { message: string }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 3, textAlign: 'center' }}>
      <Typography color="text.secondary">{translate(message)}</Typography>
    </Box>
  );
};
