import { Chip, Stack, Tooltip } from '@mui/material';
import { isLookAlikeEmail } from '@zstore/contract/email-address';
import { useFieldValue, useTranslate } from 'react-admin';
import type { User } from '@/types';

/**
 * The user's e-mail, with a warning when it mixes alphabets or holds invisible characters and
 * so could pass for another account's address (`usеr@example.com` with a Cyrillic "е").
 */
export const EmailField = () => {
  const email: unknown = useFieldValue<User>({ source: 'email' });
  const translate = useTranslate();
  if (typeof email !== 'string') return null;
  if (!isLookAlikeEmail(email)) return <span>{email}</span>;
  return (
    <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center' }}>
      <span>{email}</span>
      <Tooltip title={translate('resources.usersdata.warnings.look_alike_email')}>
        <Chip
          size="small"
          color="warning"
          label={translate('resources.usersdata.warnings.mixed_scripts')}
          data-testid="look-alike-email"
        />
      </Tooltip>
    </Stack>
  );
};
