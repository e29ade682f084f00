import { fields } from '@jinb/contract';
import { Form, Input } from 'antd-mobile';
import { schemaRule } from '../../../shared/forms/form-rules';
import { useTranslation } from '../../../shared/i18n/use-translation';
import '../auth.locale';

/** The account name members sign in with (4-11 letters and digits), as login, register and forget password ask it. */
export function AccountItem({ placeholder }: { placeholder: string }) {
  const { t } = useTranslation('auth');
  return (
    <Form.Item name="account" label={t('account')} rules={[schemaRule(fields.account, t)]}>
      <Input
        placeholder={placeholder}
        autoComplete="username"
        autoCapitalize="off"
        autoCorrect="off"
        maxLength={11}
        enterKeyHint="next"
      />
    </Form.Item>
  );
}
