import type { INestApplication } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';

export const RESELLER_API_PAGE_PATH = '/docs/reseller-api';
/** `docs/reseller-api.md` of the repository (the image copies it beside `server/dist`). */
export const RESELLER_API_MARKDOWN = path.resolve(
  import.meta.dirname,
  '../../../../docs/reseller-api.md',
);

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Inline `code`, **bold** and [links](url) of one escaped line. */
const inline = (text: string) =>
  escape(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, '<a href="$2">$1</a>');

/**
 * The small Markdown the page is written in: headings, paragraphs, bullet lists, tables and
 * fenced code blocks (kept verbatim, so what a reader copies is what the tests run).
 */
export function renderMarkdown(markdown: string) {
  const html: string[] = [];
  const lines = markdown.split('\n');
  let paragraph: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (paragraph.length) html.push(`<p>${paragraph.map(inline).join(' ')}</p>`);
    if (list.length) {
      html.push(`<ul>${list.map((item) => `<li>${inline(item)}</li>`).join('')}</ul>`);
    }
    paragraph = [];
    list = [];
  };
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i];
    const fence = /^```(\w*)/.exec(line);
    if (fence) {
      flush();
      const code: string[] = [];
      for (i += 1; i < lines.length && !lines[i].startsWith('```'); i += 1) code.push(lines[i]);
      html.push(
        `<pre><code class="language-${fence[1] || 'text'}">${escape(code.join('\n'))}</code></pre>`,
      );
      continue;
    }
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      html.push(`<h${heading[1].length}>${inline(heading[2])}</h${heading[1].length}>`);
    } else if (/^\|/.test(line)) {
      flush();
      const rows: string[][] = [];
      for (; i < lines.length && /^\|/.test(lines[i]); i += 1) {
        if (!/^\|[\s:|-]+\|$/.test(lines[i])) rows.push(lines[i].split('|').slice(1, -1));
      }
      i -= 1;
      const [head, ...body] = rows;
      html.push(
        `<table><thead><tr>${head.map((cell) => `<th>${inline(cell.trim())}</th>`).join('')}</tr></thead><tbody>${body
          .map((row) => `<tr>${row.map((cell) => `<td>${inline(cell.trim())}</td>`).join('')}</tr>`)
          .join('')}</tbody></table>`,
      );
    } else if (/^[-*]\s+/.test(line)) {
      if (paragraph.length) flush();
      list.push(line.replace(/^[-*]\s+/, ''));
    } else if (/^\s+\S/.test(line) && list.length) {
      list[list.length - 1] += ` ${line.trim()}`;
    } else if (line.trim() === '') {
      flush();
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return html.join('\n');
}

const STYLE = `body{font:16px/1.55 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f}
pre{background:#f4f4f6;padding:1rem;overflow-x:auto;border-radius:6px}code{font:14px ui-monospace,monospace}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3rem .6rem;text-align:left}`;

/** Serves `docs/reseller-api.md` as a page at `/docs/reseller-api` (404 when the file is absent). */
export function serveResellerApiPage(app: INestApplication) {
  const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
  const page = fs.existsSync(RESELLER_API_MARKDOWN)
    ? `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Z Store reseller API</title><style>${STYLE}</style></head><body>${renderMarkdown(fs.readFileSync(RESELLER_API_MARKDOWN, 'utf8'))}</body></html>`
    : undefined;
  fastify.get(RESELLER_API_PAGE_PATH, (_request, reply) => {
    if (!page) {
      return reply.status(404).type('text/plain').send('The reseller API page is not installed.');
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
  });
}
