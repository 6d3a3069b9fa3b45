import { Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** Two values of a row in one cell, the second smaller: keeps wide tables within the screen. */
export const StackedField = ({ first, second }: { first: ReactNode; second: ReactNode }) => (
  <Stack sx={{ minWidth: 0 }}>
    <Typography component="span" variant="body2">
      {first}
    </Typography>
    <Typography component="span" variant="caption" color="text.secondary">
      {second}
    </Typography>
  </Stack>
);
