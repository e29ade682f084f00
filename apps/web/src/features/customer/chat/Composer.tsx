import { PictureOutline, SmileOutline } from 'antd-mobile-icons';
import { type ChangeEvent, type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { showToast } from '../../../shared/ui/toast';
import styles from './chat.module.css';
import { EmojiPicker } from './EmojiPicker';
import { CHAT_IMAGE_TYPES, imageProblem } from './upload-image';

/** The contract's CHAT_TEXT_MAX. */
const TEXT_MAX = 1_000;

type ComposerProps = {
  /** Members may send pictures (the upload call is a member's); a guest is told to sign in. */
  canSendImages: boolean;
  onSend: (text: string) => void;
  onImage: (file: File) => void;
  onTyping: () => void;
};

/** The text box with its emoji grid and picture button; Enter sends on a keyboard, the send button on a phone. */
export function Composer({ canSendImages, onSend, onImage, onTyping }: ComposerProps) {
  const { t } = useTranslation('customer');
  const [text, setText] = useState('');
  const [emojiOpen, setEmojiOpen] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);

  const send = () => {
    if (!text.trim()) return;
    onSend(text);
    setText('');
    box.current?.focus();
  };

  const insert = (emoji: string) => {
    const input = box.current;
    const start = input?.selectionStart ?? text.length;
    const end = input?.selectionEnd ?? text.length;
    const next = `${text.slice(0, start)}${emoji}${text.slice(end)}`.slice(0, TEXT_MAX);
    setText(next);
    requestAnimationFrame(() => input?.setSelectionRange(start + emoji.length, start + emoji.length));
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const problem = imageProblem(file);
    if (problem) showToast({ content: t(`chat.${problem}`) });
    else onImage(file);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <div className={styles.composer}>
      <div className={styles.inputRow}>
        <button
          type="button"
          className={emojiOpen ? styles.toolActive : styles.tool}
          aria-label={t('chat.emoji')}
          aria-expanded={emojiOpen}
          onClick={() => setEmojiOpen((open) => !open)}
        >
          <SmileOutline />
        </button>
        {canSendImages ? (
          <label className={styles.tool} aria-label={t('chat.image')}>
            <PictureOutline aria-hidden />
            <input type="file" accept={CHAT_IMAGE_TYPES.join(',')} className="visually-hidden" onChange={pick} />
          </label>
        ) : (
          <button
            type="button"
            className={styles.tool}
            aria-label={t('chat.image')}
            onClick={() => showToast({ content: t('chat.imageSignIn') })}
          >
            <PictureOutline aria-hidden />
          </button>
        )}
        <textarea
          ref={box}
          className={styles.input}
          rows={1}
          maxLength={TEXT_MAX}
          value={text}
          placeholder={t('chat.placeholder')}
          aria-label={t('chat.placeholder')}
          enterKeyHint="send"
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value) onTyping();
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setEmojiOpen(false)}
        />
        <button type="button" className={styles.send} disabled={!text.trim()} onClick={send}>
          {t('chat.send')}
        </button>
      </div>
      {emojiOpen && <EmojiPicker label={t('chat.emoji')} onPick={insert} />}
    </div>
  );
}
