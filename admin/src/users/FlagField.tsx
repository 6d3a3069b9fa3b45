import { Chip } from '@mui/material';
import { useFieldValue, useTranslate, type FieldProps } from 'react-admin';
import type { User } from '@/types';

interface FlagFieldProps extends FieldProps<User> {
  source: 'verified' | 'isBlocked';
  /** Chip colour when the flag is 'true'. */
  trueColor: 'success' | 'error';
}

/** Shows a 'true' / 'false' string flag as a Yes / No chip. */
export const FlagField = ({ source, trueColor }: FlagFieldProps) => {
  const value: unknown = useFieldValue<User>({ source });
  const translate = useTranslate();
  if (value !== 'true' && value !== 'false') return null;
  return (
    <Chip
      size="small"
      variant={value === 'true' ? 'filled' : 'outlined'}
      color={value === 'true' ? trueColor : 'default'}
      label={translate(`app.flags.${value}`)}
    />
  );
};
