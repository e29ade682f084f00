import { type Block, type Inline, parseArticle } from '@jinb/contract/article-markup';
import { Fragment } from 'react';
import { Link } from 'react-router';
import styles from './ArticleMarkup.module.css';

function Inlines({ parts }: { parts: Inline[] }) {
  return (
    <>
      {parts.map((part, index) => {
        // An article's pieces never reorder, so their position is a stable key.
        const key = index;
        if (part.kind === 'bold') return <strong key={key}>{part.text}</strong>;
        if (part.kind === 'link')
          return (
            <Link key={key} to={part.to} className={styles.link}>
              {part.text}
            </Link>
          );
        return <Fragment key={key}>{part.text}</Fragment>;
      })}
    </>
  );
}

function BlockView({ block }: { block: Block }) {
  switch (block.kind) {
    case 'heading': {
      const Heading = `h${block.level}` as 'h2' | 'h3' | 'h4';
      return (
        <Heading className={styles[`h${block.level}`]}>
          <Inlines parts={block.text} />
        </Heading>
      );
    }
    case 'paragraph':
      return (
        <p className={styles.paragraph}>
          <Inlines parts={block.text} />
        </p>
      );
    case 'list': {
      const List = block.ordered ? 'ol' : 'ul';
      return (
        <List className={styles.list}>
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
        <aside className={styles.tip}>
          <Inlines parts={block.text} />
        </aside>
      );
    case 'table':
      return (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            {block.head.length > 0 && (
              <thead>
                <tr>
                  {block.head.map((cell, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns never reorder
                    <th key={index} scope="col">
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
                    <td key={index}>
                      <Inlines parts={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'image':
      return (
        <figure className={styles.figure}>
          <img src={block.src} alt={block.alt} loading="lazy" decoding="async" className={styles.image} />
        </figure>
      );
    case 'code':
      return <pre className={styles.code}>{block.text}</pre>;
  }
}

/** An article's body drawn from the help text format: React elements only, never HTML from the text. */
export function ArticleMarkup({ body }: { body: string }) {
  const blocks = parseArticle(body);
  return (
    <div className={styles.markup}>
      {blocks.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an article's blocks never reorder
        <BlockView key={index} block={block} />
      ))}
    </div>
  );
}
