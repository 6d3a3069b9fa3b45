import { Card, CardContent, Stack, Typography, type SvgIconProps } from '@mui/material';
import type { ComponentType } from 'react';

interface StatCardProps {
  label: string;
  value: string;
  icon: ComponentType<SvgIconProps>;
  color: 'primary' | 'success' | 'warning' | 'info' | 'error';
}

export const StatCard = ({ label, value, icon: Icon, color }: StatCardProps) => (
  <Card sx={{ flex: '1 1 150px' }}>
    <CardContent>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Icon color={color} sx={{ fontSize: 40 }} />
        <div>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h5" component="p" data-stat={label}>
            {value}
          </Typography>
        </div>
      </Stack>
    </CardContent>
  </Card>
);
