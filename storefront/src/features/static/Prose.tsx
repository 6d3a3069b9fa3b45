import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '@/lib/support';

/** A block of a page's text in the catalogue: a heading, a paragraph or a list. */
export type ProseBlock = { h: string } | { p: string } | { ul: readonly string[] };

/** `<email/>` is the support address as a link, `<contact>…</contact>` a link to the contact page. */
function inline(text: string): ReactNode {
  return text.split(/(<email\/>|<contact>[^<]*<\/contact>)/).map((part, index) => {
    if (part === '<email/>') {
      return (
        <a key={index} href={`mailto:${SUPPORT_EMAIL}`}>
          {SUPPORT_EMAIL}
        </a>
      );
    }
    const contact = /^<contact>([^<]*)<\/contact>$/.exec(part);
    if (contact) {
      return (
        <Link key={index} to="/contact">
          {contact[1]}
        </Link>
      );
    }
    return <Fragment key={index}>{part}</Fragment>;
  });
}

/** A static page's text as the catalogue of the language on screen words it. */
export function Prose({ blocks }: { blocks: readonly ProseBlock[] }) {
  return blocks.map((block, index) =>
    'h' in block ? (
      <h2 key={index}>{block.h}</h2>
    ) : 'p' in block ? (
      <p key={index}>{inline(block.p)}</p>
    ) : (
      <ul key={index}>
        {block.ul.map((item) => (
          <li key={item}>{inline(item)}</li>
        ))}
      </ul>
    ),
  );
}
