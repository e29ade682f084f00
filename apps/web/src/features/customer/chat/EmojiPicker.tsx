import styles from './chat.module.css';

/** Common emoji, drawn by the phone's own font: a grid of characters, no picker library. */
export const EMOJI = [
  '😀',
  '😁',
  '😂',
  '🤣',
  '😊',
  '😍',
  '😘',
  '😎',
  '🤔',
  '😅',
  '😭',
  '😢',
  '😡',
  '😱',
  '😴',
  '🙄',
  '😮',
  '😉',
  '🥰',
  '🤗',
  '🙏',
  '👍',
  '👎',
  '👌',
  '👏',
  '💪',
  '🤝',
  '✌️',
  '❤️',
  '💔',
  '🎉',
  '🔥',
  '💰',
  '🎁',
  '⚽',
  '🏀',
  '🎲',
  '🃏',
  '✅',
  '❓',
] as const;

export function EmojiPicker({ onPick, label }: { onPick: (emoji: string) => void; label: string }) {
  return (
    <fieldset className={styles.emojiGrid} aria-label={label}>
      {EMOJI.map((emoji) => (
        <button
          key={emoji}
          type="button"
          className={styles.emoji}
          aria-label={emoji}
          // Keeps the text box focused (and the phone's keyboard where it is) while picking.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(emoji)}
        >
          {emoji}
        </button>
      ))}
    </fieldset>
  );
}
