import { Box, Grid, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { AuditEntry } from '@/types';

const Snapshot = ({ label, value }: { label: string; value: unknown }) => (
  <Grid size={{ xs: 12, md: 6 }}>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Box
      component="pre"
      sx={{
        m: 0,
        p: 1,
        borderRadius: 1,
        bgcolor: 'action.hover',
        fontSize: '0.8rem',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
      }}
    >
      {value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}
    </Box>
  </Grid>
);

/** The entry's before and after, side by side, as indented JSON. */
export const AuditChanges = () => {
  const entry = useRecordContext<AuditEntry>();
  const translate = useTranslate();
  if (!entry) return null;
  return (
    <Grid container spacing={2} sx={{ p: 1 }} data-audit-changes={entry.id}>
      <Snapshot label={translate('resources.auditlog.fields.before')} value={entry.before} />
      <Snapshot label={translate('resources.auditlog.fields.after')} value={entry.after} />
    </Grid>
  );
};
