import {
  Alert,
  Box,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Title } from 'react-admin';
import { httpClient } from '@/httpClient';

interface Figures {
  ended: number;
  late: number;
  /** Percent, null when no order ended. */
  onTimeRate: number | null;
  compensated: number;
  /** Rupees. */
  compensation: number;
}

interface Report {
  from: string;
  to: string;
  total: Figures;
  days: Array<Figures & { day: string }>;
  products: Array<Figures & { supplier: string; productId: string; productName: string }>;
}

const DAY_MS = 86_400_000;
const indiaDay = (at: number) => new Date(at + 330 * 60_000).toISOString().slice(0, 10);
const rupees = (amount: number) =>
  amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const rate = (figures: Figures) => (figures.onTimeRate === null ? '-' : `${figures.onTimeRate}%`);
const SUPPLIERS: Record<string, string> = {
  manual: 'Manual (admin)',
  smileone: 'Smile.one',
  moogold: 'MooGold',
};

const FigureCells = ({ figures }: { figures: Figures }) => (
  <>
    <TableCell align="right">{figures.ended}</TableCell>
    <TableCell align="right">{figures.late}</TableCell>
    <TableCell align="right">{rate(figures)}</TableCell>
    <TableCell align="right">{figures.compensated}</TableCell>
    <TableCell align="right">{rupees(figures.compensation)}</TableCell>
  </>
);

const FigureHeads = () => (
  <>
    <TableCell align="right">Ended</TableCell>
    <TableCell align="right">Ended late</TableCell>
    <TableCell align="right">On time</TableCell>
    <TableCell align="right">Missed (compensated)</TableCell>
    <TableCell align="right">Paid (₹)</TableCell>
  </>
);

const Stat = ({ label, value }: { label: string; value: string }) => (
  <Box sx={{ minWidth: 140 }}>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="h5">{value}</Typography>
  </Box>
);

/**
 * Delivery promise performance: how many orders kept their promise and what the missed ones
 * cost, per India day of payment and per supplier and product.
 */
export const PromiseReport = () => {
  const [to, setTo] = useState(() => indiaDay(Date.now()));
  const [from, setFrom] = useState(() => indiaDay(Date.now() - 29 * DAY_MS));
  const [report, setReport] = useState<Report>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return;
    let current = true;
    httpClient(`/api/admin/reports/promises?from=${from}&to=${to}`)
      .then(({ json }) => {
        if (current) {
          setReport(json as Report);
          setError(undefined);
        }
      })
      .catch((failure: Error) => current && setError(failure.message));
    return () => {
      current = false;
    };
  }, [from, to]);

  return (
    <Card>
      <Title title="Delivery promise" />
      <CardContent>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
          <TextField
            label="From"
            type="date"
            size="small"
            sx={{ width: 180 }}
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="To"
            type="date"
            size="small"
            sx={{ width: 180 }}
            value={to}
            onChange={(event) => setTo(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Box>
        {error && <Alert severity="error">{error}</Alert>}
        {report && (
          <>
            <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', mb: 2 }}>
              <Stat label="On time (orders ended)" value={rate(report.total)} />
              <Stat label="Orders ended" value={String(report.total.ended)} />
              <Stat label="Missed the promise" value={String(report.total.compensated)} />
              <Stat label="Compensations paid" value={`₹${rupees(report.total.compensation)}`} />
            </Box>
            <Typography variant="body2" sx={{ mb: 2 }}>
              Orders by the India day they were paid. The on-time rate is of the orders that ended
              (delivered, refunded or cancelled): those that did not miss their promise. An order
              that misses its promise is compensated at once, so it counts as missed while it is
              still open.
            </Typography>
            <Typography variant="h6">By supplier and product</Typography>
            <Box sx={{ overflowX: 'auto', mb: 3 }}>
              <Table size="small" aria-label="Promise by supplier and product">
                <TableHead>
                  <TableRow>
                    <TableCell>Supplier</TableCell>
                    <TableCell>Product</TableCell>
                    <FigureHeads />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {report.products.map((row) => (
                    <TableRow key={`${row.supplier}-${row.productId}-${row.productName}`}>
                      <TableCell>{SUPPLIERS[row.supplier] ?? row.supplier}</TableCell>
                      <TableCell>{row.productName}</TableCell>
                      <FigureCells figures={row} />
                    </TableRow>
                  ))}
                  {report.products.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={7}>No orders with a promise in this period.</TableCell>
                    </TableRow>
                  )}
                </TableBody>
              </Table>
            </Box>
            <Typography variant="h6">By day</Typography>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label="Promise by day">
                <TableHead>
                  <TableRow>
                    <TableCell>Day</TableCell>
                    <FigureHeads />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {report.days.map((row) => (
                    <TableRow key={row.day}>
                      <TableCell>{row.day}</TableCell>
                      <FigureCells figures={row} />
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
};
