/** The most rows one batch holds (RESELLER-API.md). */
export const BATCH_MAX_ROWS = 1000;
export const BATCH_HEADER = ['reference', 'item_id', 'input1', 'input2'] as const;

export interface CsvRow {
  /** 1 is the first row after the header. */
  row: number;
  fields: string[];
}

export type CsvFile = { ok: true; rows: CsvRow[] } | { ok: false; message: string };

export const CsvMessages = {
  header: 'The first line must be the header reference,item_id,input1,input2.',
  empty: 'The file has no rows after its header.',
  tooMany: `A batch holds at most ${BATCH_MAX_ROWS} rows.`,
  quotes: 'A quoted field is not closed.',
} as const;

/**
 * The records of an RFC 4180 CSV text: fields split by commas, records by CRLF or LF, double
 * quotes around a field that holds a comma, quote or line break ("" is one quote). Stops
 * reading past `maxRecords`, so an oversized file costs no more than the limit.
 */
function records(text: string, maxRecords: number): string[][] | 'unclosed' | 'too-many' {
  const out: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endRecord = () => {
    record.push(field);
    field = '';
    if (!(record.length === 1 && record[0] === '')) out.push(record);
    record = [];
  };
  while (i < text.length) {
    const char = text[i];
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += char;
      i += 1;
      continue;
    }
    if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endRecord();
      if (out.length > maxRecords) return 'too-many';
    } else field += char;
    i += 1;
  }
  if (quoted) return 'unclosed';
  if (field !== '' || record.length) endRecord();
  return out.length > maxRecords ? 'too-many' : out;
}

/** A batch file: its header checked, then up to `BATCH_MAX_ROWS` rows (blank lines skipped). */
export function parseBatchCsv(text: string): CsvFile {
  const parsed = records(text.replace(/^\uFEFF/, ''), BATCH_MAX_ROWS + 1);
  if (parsed === 'unclosed') return { ok: false, message: CsvMessages.quotes };
  if (parsed === 'too-many') return { ok: false, message: CsvMessages.tooMany };
  const [header, ...rows] = parsed;
  const names = header?.map((name) => name.trim().toLowerCase());
  if (!names || names.join(',') !== BATCH_HEADER.join(',')) {
    return { ok: false, message: CsvMessages.header };
  }
  if (rows.length === 0) return { ok: false, message: CsvMessages.empty };
  return { ok: true, rows: rows.map((fields, index) => ({ row: index + 1, fields })) };
}
