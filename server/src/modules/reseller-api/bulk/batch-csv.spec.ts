import { BATCH_MAX_ROWS, CsvMessages, parseBatchCsv } from './batch-csv.js';

describe('parseBatchCsv', () => {
  it('reads rows after the header, with quotes, CRLF and blank lines', () => {
    const file = parseBatchCsv(
      '\uFEFFreference,item_id,input1,input2\r\nr-1,item,"10,01","say ""hi"""\r\n\r\nr-2,item,2,3\n',
    );
    expect(file).toEqual({
      ok: true,
      rows: [
        { row: 1, fields: ['r-1', 'item', '10,01', 'say "hi"'] },
        { row: 2, fields: ['r-2', 'item', '2', '3'] },
      ],
    });
  });

  it('refuses a file without the header, without rows, with too many rows or an open quote', () => {
    expect(parseBatchCsv('ref,item\nr-1,x')).toEqual({ ok: false, message: CsvMessages.header });
    expect(parseBatchCsv('reference,item_id,input1,input2\n')).toEqual({
      ok: false,
      message: CsvMessages.empty,
    });
    const rows = Array.from({ length: BATCH_MAX_ROWS + 1 }, (_, i) => `r-${i},x,1,2`);
    expect(parseBatchCsv(['reference,item_id,input1,input2', ...rows].join('\n'))).toEqual({
      ok: false,
      message: CsvMessages.tooMany,
    });
    expect(parseBatchCsv('reference,item_id,input1,input2\nr-1,"x,1,2')).toEqual({
      ok: false,
      message: CsvMessages.quotes,
    });
  });
});
