// The same parser of the help text format as the member site's, so the preview shows an article exactly as its blocks
// will be drawn there; the drawing is the console's.
import { type Block, type Inline, parseArticle } from '@jinb/contract/article-markup';
import { Image, Typography } from 'antd';
import { Fragment, type ReactNode } from 'react';

const phone = { background: '#f5f6f8', borderRadius: 8, padding: 12, fontSize: 14, lineHeight: 1.6 } as const;

/** A message, an announcement or a news item as the site shows it: its title, then its text as written. */
export function TextPreview({ title, content, extra }: { title?: string; content?: string; extra?: ReactNode }) {
  return (
    <div style={phone}>
      {title ? (
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
      ) : null}
      {extra}
      {content ? <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{content}</div> : null}
    </div>
  );
}

/** A banner or a sponsor's picture with its title under it. */
export function PicturePreview({ image, title, content }: { image?: string; title?: string; content?: string }) {
  return (
    <TextPreview
      title={title}
      content={content}
      extra={image ? <Image src={image} alt={title ?? ''} style={{ width: '100%', borderRadius: 6 }} /> : null}
    />
  );
}

function Inlines({ parts }: { parts: Inline[] }) {
  return (
    <>
      {parts.map((part, index) => {
        // An article's pieces never reorder, so their position is a stable key.
        const key = index;
        if (part.kind === 'bold') return <strong key={key}>{part.text}</strong>;
        if (part.kind === 'link') return <Typography.Link key={key}>{part.text}</Typography.Link>;
        return <Fragment key={key}>{part.text}</Fragment>;
      })}
    </>
  );
}

function BlockView({ block }: { block: Block }) {
  switch (block.kind) {
    case 'heading':
      return (
        <Typography.Title level={(block.level + 1) as 3 | 4 | 5}>
          <Inlines parts={block.text} />
        </Typography.Title>
      );
    case 'paragraph':
      return (
        <Typography.Paragraph>
          <Inlines parts={block.text} />
        </Typography.Paragraph>
      );
    case 'list': {
      const List = block.ordered ? 'ol' : 'ul';
      return (
        <List style={{ paddingLeft: 20 }}>
          {block.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an article's items never reorder
            <li key={index}>
              <Inlines parts={item} />
            </li>
          ))}
        </List>
      );
    }
    case 'tip':
      return (
        <aside style={{ background: '#fff7e6', borderLeft: '3px solid #fa8c16', padding: '6px 10px', margin: '8px 0' }}>
          <Inlines parts={block.text} />
        </aside>
      );
    case 'table':
      return (
        <table style={{ borderCollapse: 'collapse', width: '100%', margin: '8px 0' }}>
          {block.head.length > 0 && (
            <thead>
              <tr>
                {block.head.map((cell, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns never reorder
                  <th key={index} scope="col" style={{ border: '1px solid #ddd', padding: 4 }}>
                    <Inlines parts={cell} />
                  </th>
                ))}
              </tr>
            </thead>
          )}
          <tbody>
            {block.rows.map((row, rowIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows never reorder
              <tr key={rowIndex}>
                {row.map((cell, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns never reorder
                  <td key={index} style={{ border: '1px solid #ddd', padding: 4 }}>
                    <Inlines parts={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
    case 'image':
      return <Image src={block.src} alt={block.alt} style={{ width: '100%' }} />;
    case 'code':
      return <pre style={{ whiteSpace: 'pre-wrap' }}>{block.text}</pre>;
  }
}

/** A help article or tutorial: its title, then its body in the help text format, block by block as the site has it. */
export function ArticlePreview({ title, body }: { title?: string; body?: string }) {
  return (
    <div style={phone}>
      {title ? (
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
      ) : null}
      {parseArticle(body ?? '').map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an article's blocks never reorder
        <BlockView key={index} block={block} />
      ))}
    </div>
  );
}
