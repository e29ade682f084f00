import type { UserInfo } from '@jinb/contract';
import { Form, Input } from 'antd-mobile';
import { checkRule } from '../../../shared/forms/form-rules';
import { useTranslation } from '../../../shared/i18n/use-translation';
import '../cards.locale';
import '../../../shared/forms/forms.locale';

/**
 * The account holder. Money only goes to an account in the member's own name, so once the real name is known it is
 * filled in and locked (the server refuses any other); before that, the first name bound becomes the real name.
 */
export function HolderNameItem({ user, label }: { user: UserInfo; label: string }) {
  const { t } = useTranslation('cards');
  const locked = user.realName !== '';
  return (
    <Form.Item
      name="holderName"
      label={label}
      description={locked ? t('holderLocked') : t('holderFirstTime')}
      rules={[
        checkRule((value) => {
          const name = typeof value === 'string' ? value.trim() : '';
          if (!name) return t('holderPlaceholder');
          return name.length >= 2 && name.length <= 30 ? null : t('NAME_FORMAT', { ns: 'errors' });
        }),
      ]}
    >
      <Input
        readOnly={locked}
        aria-readonly={locked}
        placeholder={t('holderPlaceholder')}
        autoComplete="name"
        maxLength={30}
        enterKeyHint="next"
      />
    </Form.Item>
  );
}
