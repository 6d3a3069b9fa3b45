import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, line by line, for checking what a generated document says: each
 * compressed content stream is inflated and the strings of its text operators joined (enough
 * for PDFs written with the standard fonts, as pdfkit writes them).
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (const [, body] of source.matchAll(streams)) {
    // The stream's last byte may itself be a carriage return, which the pattern took for part
    // of the line end: the data is tried without it, then with it.
    const content = inflated(body) ?? inflated(`${body}\r`);
    if (content === undefined) continue;
    for (const [, array] of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const parts = [...array.matchAll(/<([0-9a-fA-F]*)>/g)].map(([, hex]) =>
        Buffer.from(hex, 'hex').toString('latin1'),
      );
      lines.push(parts.join(''));
    }
  }
  return lines.join('\n');
}

function inflated(body: string): string | undefined {
  try {
    return inflateSync(Buffer.from(body, 'latin1')).toString('latin1');
  } catch {
    return undefined;
  }
}
