import { Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { formatDate, formatDateTime } from '@zstore/contract/display-dates';

interface DateTimeFieldProps {
  source: string;
  /** Without the time: dd/mm/yyyy only. */
  dateOnly?: boolean;
}

/** The console's date column: dd/mm/yyyy HH:mm in India time (see `@zstore/contract/display-dates`). */
export const DateTimeField = ({ source, dateOnly = false }: DateTimeFieldProps) => {
  const record = useRecordContext<Record<string, unknown>>();
  const value = record?.[source] as string | null | undefined;
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {dateOnly ? formatDate(value) : formatDateTime(value)}
    </Typography>
  );
};
