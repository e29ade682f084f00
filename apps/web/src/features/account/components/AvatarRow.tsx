import type { UserInfo } from '@jinb/contract';
import { Avatar, List } from 'antd-mobile';
import type { ChangeEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { showError, showLoading, showSuccess } from '../../../shared/ui/feedback';
import { showToast } from '../../../shared/ui/toast';
import '../account.locale';
import { useUploadAvatar } from '../account.api';
import styles from '../account.module.css';

/** The server takes these and at most 2 MB; checked here first so a member is not left waiting for a refusal. */
const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** The avatar row: the whole row is the label of a file input, so tapping it opens the picker. */
export function AvatarRow({ user }: { user: UserInfo }) {
  const { t } = useTranslation('account');
  const avatar = useUploadAvatar();

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Let the same file be picked again after a failure.
    input.value = '';
    if (!file) return;
    if (!AVATAR_TYPES.includes(file.type)) return showToast({ content: t('avatarNotImage') });
    if (file.size > AVATAR_MAX_BYTES) return showToast({ content: t('avatarTooLarge') });
    // Awaited here rather than in mutate's callbacks: the spinner toast must close even if the member has left.
    const toast = showLoading(t('uploading'));
    try {
      await avatar.mutateAsync(file);
      toast.close();
      showSuccess(t('modified'));
    } catch (error) {
      toast.close();
      showError(error);
    }
  };

  return (
    <List.Item arrow>
      <label className={styles.fileRow}>
        <span>{t('avatar')}</span>
        <input
          type="file"
          accept={AVATAR_TYPES.join(',')}
          className="visually-hidden"
          disabled={avatar.isPending}
          onChange={upload}
        />
        <Avatar src={user.avatar} className={styles.smallAvatar} alt={t('avatarAlt')} />
      </label>
    </List.Item>
  );
}
