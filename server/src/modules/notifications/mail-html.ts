export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A label and its value, one line of an e-mail's details. */
export type MailDetail = [label: string, value: string];

export interface PlainMail {
  /** Paragraphs before the details. */
  intro: string[];
  details: MailDetail[];
  /** Paragraphs after the details. */
  outro: string[];
}

/** The plain-text body: paragraphs, then one `Label: value` line per detail. */
export function plainText({ intro, details, outro }: PlainMail): string {
  const lines = details.map(([label, value]) => `${label}: ${value}`).join('\n');
  return [...intro, lines, ...outro].join('\n\n');
}

/** The same mail as simple HTML; every value is escaped. */
export function simpleHtml({ intro, details, outro }: PlainMail): string {
  const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
  const rows = details
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:2px 12px 2px 0">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html><head><meta charset="utf-8"></head><body style="font-family:sans-serif">${intro.map(paragraph).join('')}<table>${rows}</table>${outro.map(paragraph).join('')}</body></html>`;
}
