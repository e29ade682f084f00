import styles from './Highlight.module.css';

/** `text` with every occurrence of the search's words marked (case-insensitive), as plain text pieces. */
export function Highlight({ text, q }: { text: string; q: string }) {
  const terms = [
    ...new Set(
      q
        .toLowerCase()
        .split(/[\s\u3000]+/)
        .filter(Boolean),
    ),
  ].sort((a, b) => b.length - a.length);
  if (!terms.length) return <>{text}</>;
  const lower = text.toLowerCase();
  const pieces: Array<{ text: string; hit: boolean }> = [];
  let at = 0;
  while (at < text.length) {
    let found = -1;
    let length = 0;
    for (const term of terms) {
      const index = lower.indexOf(term, at);
      if (index >= 0 && (found < 0 || index < found)) {
        found = index;
        length = term.length;
      }
    }
    if (found < 0) {
      pieces.push({ text: text.slice(at), hit: false });
      break;
    }
    if (found > at) pieces.push({ text: text.slice(at, found), hit: false });
    pieces.push({ text: text.slice(found, found + length), hit: true });
    at = found + length;
  }
  return (
    <>
      {pieces.map((piece, index) =>
        piece.hit ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one text never reorder
          <mark key={index} className={styles.mark}>
            {piece.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one text never reorder
          <span key={index}>{piece.text}</span>
        ),
      )}
    </>
  );
}
