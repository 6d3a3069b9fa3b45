import { Box, Card, CardContent, CardHeader, Typography, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatRupees } from '@/common/money';
import type { AdminStats } from '@/types';

const WIDTH = 720;
const HEIGHT = 220;
const AXIS = 24;

/** Daily sales of the last 30 days as SVG bars; a chart library would cost more than the page. */
export const SalesChart = ({ sales }: { sales: AdminStats['sales'] }) => {
  const theme = useTheme();
  const translate = useTranslate();
  const highest = Math.max(1, ...sales.map((day) => day.total));
  const slot = (WIDTH - AXIS) / Math.max(1, sales.length);
  const barWidth = Math.max(2, slot * 0.7);
  const plotHeight = HEIGHT - AXIS;

  return (
    <Card>
      <CardHeader
        title={translate('app.dashboard.sales_title')}
        subheader={translate('app.dashboard.sales_total', {
          total: formatRupees(sales.reduce((sum, day) => sum + day.total, 0)),
        })}
      />
      <CardContent>
        {sales.length === 0 ? (
          <Typography color="text.secondary">{translate('app.dashboard.no_sales')}</Typography>
        ) : (
          <Box
            component="svg"
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            role="img"
            aria-label={translate('app.dashboard.sales_title')}
            sx={{ width: '100%', height: 'auto', display: 'block' }}
          >
            <line
              x1={AXIS}
              x2={WIDTH}
              y1={plotHeight}
              y2={plotHeight}
              stroke={theme.palette.divider}
            />
            {sales.map((day, index) => {
              const height = (day.total / highest) * (plotHeight - 8);
              const x = AXIS + index * slot + (slot - barWidth) / 2;
              return (
                <g key={day.date}>
                  <rect
                    x={x}
                    y={plotHeight - height}
                    width={barWidth}
                    height={Math.max(height, day.total > 0 ? 1 : 0)}
                    rx={2}
                    fill={theme.palette.primary.main}
                  >
                    <title>
                      {`${day.date}: ${formatRupees(day.total)} · ${translate(
                        'app.dashboard.orders_count',
                        { smart_count: day.orders },
                      )}`}
                    </title>
                  </rect>
                  {index % 5 === 0 && (
                    <text
                      x={x + barWidth / 2}
                      y={HEIGHT - 6}
                      textAnchor="middle"
                      fontSize={11}
                      fill={theme.palette.text.secondary}
                    >
                      {day.date.slice(5)}
                    </text>
                  )}
                </g>
              );
            })}
          </Box>
        )}
      </CardContent>
    </Card>
  );
};
