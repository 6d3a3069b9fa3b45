import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
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
import { readToken } from '@/session';

interface Amounts {
  documents: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

interface ReportRow extends Amounts {
  kind: 'invoice' | 'credit_note';
  supplyType: 'B2B' | 'B2C';
  placeOfSupply: string;
  stateName: string;
  rateBp: number;
  sac: string;
}

interface Report {
  month: string;
  rows: ReportRow[];
  totals: { invoices: Amounts; creditNotes: Amounts; net: Amounts };
}

const rupees = (paise: number) =>
  (paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const thisMonth = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
const reportUrl = (month: string, csv = false) =>
  `/api/admin/gst-report?month=${month}${csv ? '&format=csv' : ''}`;

const AmountCells = ({ amounts }: { amounts: Amounts }) => (
  <>
    <TableCell align="right">{amounts.documents}</TableCell>
    <TableCell align="right">{rupees(amounts.taxable)}</TableCell>
    <TableCell align="right">{rupees(amounts.cgst)}</TableCell>
    <TableCell align="right">{rupees(amounts.sgst)}</TableCell>
    <TableCell align="right">{rupees(amounts.igst)}</TableCell>
    <TableCell align="right">{rupees(amounts.total)}</TableCell>
  </>
);

/** The monthly GST report: invoices and credit notes by supply type, state, rate and SAC. */
export const GstReport = () => {
  const [month, setMonth] = useState(thisMonth);
  const [report, setReport] = useState<Report>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!/^\d{4}-\d{2}$/.test(month)) return;
    let current = true;
    httpClient(reportUrl(month))
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
  }, [month]);

  const downloadCsv = async () => {
    const token = readToken();
    const response = await fetch(reportUrl(month, true), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    if (!response.ok) {
      setError('The CSV could not be downloaded.');
      return;
    }
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = `gst-report-${month}.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  return (
    <Card>
      <Title title="GST report" />
      <CardContent>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2 }}>
          <TextField
            label="Month"
            type="month"
            size="small"
            value={month}
            onChange={(event) => setMonth(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button startIcon={<DownloadIcon />} onClick={() => void downloadCsv()}>
            Download CSV
          </Button>
        </Box>
        {error && <Alert severity="error">{error}</Alert>}
        {report && (
          <>
            <Typography variant="body2" sx={{ mb: 1 }}>
              Amounts in rupees; prices include GST. B2C lines by place of supply and rate are
              GSTR-1 table 7 (credit notes to be netted); B2B lines carry the buyer&apos;s GSTIN.
            </Typography>
            <Table size="small" aria-label="GST report">
              <TableHead>
                <TableRow>
                  <TableCell>Document</TableCell>
                  <TableCell>Supply</TableCell>
                  <TableCell>Place of supply</TableCell>
                  <TableCell align="right">Rate</TableCell>
                  <TableCell>SAC</TableCell>
                  <TableCell align="right">Documents</TableCell>
                  <TableCell align="right">Taxable value</TableCell>
                  <TableCell align="right">CGST</TableCell>
                  <TableCell align="right">SGST</TableCell>
                  <TableCell align="right">IGST</TableCell>
                  <TableCell align="right">Total</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {report.rows.map((row) => (
                  <TableRow
                    key={`${row.kind}-${row.supplyType}-${row.placeOfSupply}-${row.rateBp}-${row.sac}`}
                  >
                    <TableCell>{row.kind === 'invoice' ? 'Invoices' : 'Credit notes'}</TableCell>
                    <TableCell>{row.supplyType}</TableCell>
                    <TableCell>{`${row.placeOfSupply}-${row.stateName}`}</TableCell>
                    <TableCell align="right">{row.rateBp / 100}%</TableCell>
                    <TableCell>{row.sac}</TableCell>
                    <AmountCells amounts={row} />
                  </TableRow>
                ))}
                {(
                  [
                    ['Invoices', report.totals.invoices],
                    ['Credit notes', report.totals.creditNotes],
                    ['Net', report.totals.net],
                  ] as const
                ).map(([label, amounts]) => (
                  <TableRow key={label}>
                    <TableCell colSpan={5}>
                      <strong>{label}</strong>
                    </TableCell>
                    <AmountCells amounts={amounts} />
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </CardContent>
    </Card>
  );
};
