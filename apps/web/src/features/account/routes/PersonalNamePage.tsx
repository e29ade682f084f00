import { type UpdateProfileBody, type UserInfo, updateProfileBody } from '@jinb/contract';
import { Form, Input } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { CardForm } from '../../../shared/forms/CardForm';
import { checkRule, type FieldSchema, fieldError } from '../../../shared/forms/form-rules';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { showError, showSuccess } from '../../../shared/ui/feedback';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import '../account.locale';
import { goBack } from '../../../shared/navigation/go-back';
import { useCurrentUser } from '../../../shared/session/use-current-user';
import { useUpdateProfile } from '../account.api';
import styles from '../account.module.css';
import '../../../shared/forms/forms.locale';

type NameValues = { nickname: string; realName: string };

export default function PersonalNamePage() {
  const { t } = useTranslation('account');
  const current = useCurrentUser();
  return (
    <div className={styles.page}>
      <PageHeader title={t('editName')} fallback={paths.personalInfo} />
      {current.status === 'loading' && <LoadingState />}
      {current.status === 'error' && <ErrorState onRetry={current.reload} />}
      {current.status === 'ready' && <NameForm user={current.user} />}
    </div>
  );
}

function NameForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const realNameLocked = user.realName !== '';

  // Leaving a field empty is fine only while it was never set; clearing a saved value is not allowed.
  const keepOrValid = (schema: FieldSchema, saved: string) =>
    checkRule((value) => {
      const text = typeof value === 'string' ? value.trim() : '';
      return text === '' && saved === '' ? null : fieldError(schema, text, t);
    });

  const submit = (values: NameValues) => {
    // Only what changed is sent: the server may restrict changing a real name once it is set.
    const changes: UpdateProfileBody = {};
    const nickname = values.nickname.trim();
    const realName = values.realName.trim();
    if (nickname !== user.nickname) changes.nickname = nickname;
    if (!realNameLocked && realName !== user.realName) changes.realName = realName;
    if (Object.keys(changes).length === 0) {
      goBack(navigate, paths.personalInfo);
      return;
    }
    update.mutate(changes, {
      onSuccess: () => {
        showSuccess(t('modified'));
        goBack(navigate, paths.personalInfo);
      },
      onError: showError,
    });
  };

  return (
    <CardForm
      name="profileName"
      initialValues={{ nickname: user.nickname, realName: user.realName }}
      onFinish={submit}
      submitText={t('save')}
      submitting={update.isPending}
    >
      <Form.Item
        name="nickname"
        label={t('nickname')}
        rules={[keepOrValid(updateProfileBody.shape.nickname, user.nickname)]}
      >
        <Input placeholder={t('nicknamePlaceholder')} autoComplete="nickname" maxLength={16} enterKeyHint="next" />
      </Form.Item>
      {/* Withdrawal accounts must be held in the real name, so the member sets it once; customer service corrects it. */}
      <Form.Item
        name="realName"
        label={t('realName')}
        description={<span className={styles.hint}>{t(realNameLocked ? 'realNameLocked' : 'realNameHint')}</span>}
        rules={realNameLocked ? [] : [keepOrValid(updateProfileBody.shape.realName, user.realName)]}
      >
        <Input
          placeholder={t('realNamePlaceholder')}
          autoComplete="name"
          maxLength={30}
          enterKeyHint="done"
          readOnly={realNameLocked}
          disabled={realNameLocked}
        />
      </Form.Item>
    </CardForm>
  );
}
