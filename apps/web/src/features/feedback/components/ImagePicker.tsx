import { AddOutline, CloseOutline } from 'antd-mobile-icons';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import styles from '../feedback.module.css';

export type PickedImage = { key: number; preview: string; status: 'pending' | 'done' | 'fail'; url?: string };

let nextKey = 1;
const previewOf = (file: File) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '');

/**
 * Up to `max` screenshots, each uploaded as soon as it is picked and shown with its state. Not antd-mobile's
 * ImageUploader: its preview brings the gesture library into the chunk that every tabbed list loads.
 */
export function ImagePicker({
  value,
  onChange,
  max,
  accept,
  upload,
  confirmRemove,
  labelledBy,
}: {
  value: PickedImage[];
  onChange: Dispatch<SetStateAction<PickedImage[]>>;
  max: number;
  accept: string;
  upload: (file: File) => Promise<string>;
  confirmRemove: () => Promise<boolean>;
  labelledBy: string;
}) {
  const { t } = useTranslation('feedback');
  const settle = (key: number, change: Partial<PickedImage>) =>
    onChange((images) => images.map((image) => (image.key === key ? { ...image, ...change } : image)));

  const pick = (files: FileList | null) => {
    const chosen = Array.from(files ?? []).slice(0, Math.max(0, max - value.length));
    const added = chosen.map((file) => ({ key: nextKey++, preview: previewOf(file), status: 'pending' as const }));
    onChange((images) => [...images, ...added]);
    added.forEach((image, index) => {
      upload(chosen[index] as File).then(
        (url) => settle(image.key, { status: 'done', url }),
        () => settle(image.key, { status: 'fail' }),
      );
    });
  };

  const remove = async (image: PickedImage) => {
    // A failed upload holds nothing worth keeping: it goes without asking.
    if (image.status !== 'fail' && !(await confirmRemove())) return;
    if (image.preview) URL.revokeObjectURL(image.preview);
    onChange((images) => images.filter((one) => one.key !== image.key));
  };

  return (
    <ul className={styles.picker} aria-labelledby={labelledBy}>
      {value.map((image, index) => (
        <li key={image.key} className={styles.picked} data-status={image.status}>
          {(image.url || image.preview) && <img src={image.url ?? image.preview} alt="" />}
          {image.status !== 'done' && (
            <span className={styles.pickedState}>
              {image.status === 'pending' ? t('uploadingImage') : t('uploadFailed')}
            </span>
          )}
          <button
            type="button"
            className={styles.pickedRemove}
            aria-label={t('removeImage', { index: index + 1 })}
            onClick={() => void remove(image)}
          >
            <CloseOutline />
          </button>
        </li>
      ))}
      {value.length < max && (
        <li className={styles.picked}>
          <label className={styles.pickerAdd}>
            <AddOutline />
            <span className={styles.srOnly}>{t('addImage')}</span>
            <input
              type="file"
              accept={accept}
              multiple
              onChange={(event) => {
                pick(event.target.files);
                event.target.value = '';
              }}
            />
          </label>
        </li>
      )}
    </ul>
  );
}
