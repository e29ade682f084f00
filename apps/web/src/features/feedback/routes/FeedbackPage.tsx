import { FEEDBACK_CONTENT_MAX, FEEDBACK_CONTENT_MIN, FEEDBACK_IMAGES_MAX } from '@jinb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, TextArea } from 'antd-mobile';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { showError, showFailure, showSuccess } from '../../../shared/ui/feedback';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { ImagePicker, type PickedImage } from '../components/ImagePicker';
import { createFeedback, feedbackCategoriesQuery, feedbackKeys, uploadFeedbackImage } from '../feedback.api';
import '../feedback.locale';
import styles from '../feedback.module.css';

const characters = (text: string) => Array.from(text.trim()).length;

/**
 * /user/feedback: a category from dictionary 030, the text (5-1000 characters, counted), up to three screenshots
 * through the site's upload call (each shows its upload, a failed one stays marked until removed), then the
 * feedback goes and the member lands on their list.
 */
export default function FeedbackPage() {
  const { t } = useTranslation('feedback');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const categories = useQuery(feedbackCategoriesQuery);
  const [category, setCategory] = useState('');
  const [content, setContent] = useState('');
  const [images, setImages] = useState<PickedImage[]>([]);
  const [errors, setErrors] = useState<{ category?: string; content?: string }>({});
  const ids = { category: useId(), content: useId(), images: useId() };

  const send = useMutation({
    mutationFn: createFeedback,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: feedbackKeys.lists() });
      showSuccess(t('submitted'));
      navigate(paths.feedbackList, { replace: true });
    },
    onError: showError,
  });

  const upload = async (file: File): Promise<string> => {
    try {
      const { url } = await uploadFeedbackImage(file);
      return url;
    } catch (error) {
      showError(error);
      throw error;
    }
  };

  const confirmDelete = () =>
    Dialog.confirm({
      content: t('deleteImage'),
      confirmText: t('delete'),
      cancelText: t('cancel', { ns: 'common' }),
    });

  const submit = () => {
    const found = {
      ...(category === '' && { category: t('categoryRequired') }),
      ...((characters(content) < FEEDBACK_CONTENT_MIN || characters(content) > FEEDBACK_CONTENT_MAX) && {
        content: t('contentLength'),
      }),
    };
    setErrors(found);
    if (found.category || found.content) return;
    if (images.some((image) => image.status === 'pending')) return showFailure(t('imageUploading'));
    if (images.some((image) => image.status === 'fail')) return showFailure(t('imageFailed'));
    send.mutate({ category, content: content.trim(), images: images.flatMap((image) => image.url ?? []) });
  };

  return (
    <div className={styles.page}>
      <PageHeader
        title={t('title')}
        fallback={paths.center}
        right={
          <Link to={paths.feedbackList} className={styles.headerLink}>
            {t('myFeedback')}
          </Link>
        }
      />
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <section className={styles.card} aria-labelledby={ids.category}>
          <h2 id={ids.category} className={styles.label}>
            {t('category')}
          </h2>
          {categories.isPending ? (
            <LoadingState minHeight={48} />
          ) : categories.isError ? (
            <ErrorState message={t('categoriesFailed')} onRetry={() => void categories.refetch()} />
          ) : (
            <div role="radiogroup" aria-labelledby={ids.category} className={styles.chips}>
              {categories.data.map((one) => (
                <label key={one.code} className={one.code === category ? styles.chipActive : styles.chip}>
                  <input
                    type="radio"
                    name="feedback-category"
                    value={one.code}
                    checked={one.code === category}
                    onChange={() => {
                      setCategory(one.code);
                      setErrors((was) => ({ ...was, category: undefined }));
                    }}
                    className="visually-hidden"
                  />
                  {one.label}
                </label>
              ))}
            </div>
          )}
          {errors.category && (
            <p role="alert" className={styles.error}>
              {errors.category}
            </p>
          )}
        </section>

        <section className={styles.card}>
          <label htmlFor={ids.content} className={styles.label}>
            {t('content')}
          </label>
          <TextArea
            id={ids.content}
            value={content}
            onChange={(value) => {
              setContent(value);
              if (errors.content) setErrors((was) => ({ ...was, content: undefined }));
            }}
            placeholder={t('contentPlaceholder')}
            rows={5}
            maxLength={FEEDBACK_CONTENT_MAX}
            showCount
            className={styles.textarea}
          />
          {errors.content && (
            <p role="alert" className={styles.error}>
              {errors.content}
            </p>
          )}
        </section>

        <section className={styles.card} aria-labelledby={ids.images}>
          <h2 id={ids.images} className={styles.label}>
            {t('images', { max: FEEDBACK_IMAGES_MAX })}
          </h2>
          <ImagePicker
            value={images}
            onChange={setImages}
            upload={upload}
            confirmRemove={confirmDelete}
            max={FEEDBACK_IMAGES_MAX}
            accept="image/png,image/jpeg,image/gif,image/webp"
            labelledBy={ids.images}
          />
          <p className={styles.hint}>{t('imageHint')}</p>
        </section>

        <Button block type="submit" color="primary" size="large" loading={send.isPending} className={styles.submit}>
          {t('submit')}
        </Button>
      </form>
    </div>
  );
}
