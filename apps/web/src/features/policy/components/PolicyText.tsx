import { Fragment } from 'react';
import { Link } from 'react-router';
import styles from '../policy.module.css';
import { type Inline, parsePolicy } from '../policy-text';

function Inlines({ parts }: { parts: Inline[] }) {
  return (
    <>
      {parts.map((part, index) => {
        // A text's pieces never reorder, so their position is a stable key.
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

/** A policy's text drawn as React elements (never as HTML). */
export function PolicyText({ body }: { body: string }) {
  return (
    <div className={styles.text}>
      {parsePolicy(body).map((block, index) => {
        // A text's blocks never reorder, so their position is a stable key.
        const key = index;
        switch (block.kind) {
          case 'heading':
            return (
              <h3 key={key} className={styles.heading}>
                <Inlines parts={block.text} />
              </h3>
            );
          case 'paragraph':
            return (
              <p key={key}>
                <Inlines parts={block.text} />
              </p>
            );
          case 'tip':
            return (
              <aside key={key} className={styles.tip}>
                <Inlines parts={block.text} />
              </aside>
            );
          case 'list': {
            const List = block.ordered ? 'ol' : 'ul';
            return (
              <List key={key} className={styles.list}>
                {block.items.map((item, at) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a list's items never reorder
                  <li key={at}>
                    <Inlines parts={item} />
                  </li>
                ))}
              </List>
            );
          }
          case 'table':
            return (
              <div key={key} className={styles.tableWrap}>
                <table className={styles.table}>
                  {block.head.length > 0 && (
                    <thead>
                      <tr>
                        {block.head.map((cell, at) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: columns never reorder
                          <th key={at} scope="col">
                            <Inlines parts={cell} />
                          </th>
                        ))}
                      </tr>
                    </thead>
                  )}
                  <tbody>
                    {block.rows.map((row, at) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: rows never reorder
                      <tr key={at}>
                        {row.map((cell, column) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: columns never reorder
                          <td key={column}>
                            <Inlines parts={cell} />
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            );
        }
        return null;
      })}
    </div>
  );
}
