import { isAlipayAccount, type UserInfo } from '@jinb/contract';
import { Form, Input } from 'antd-mobile';
import { checkRule } from '../../../shared/forms/form-rules';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { BindCardInput } from '../cards.api';
import '../cards.locale';
import { AddCardShell } from '../components/AddCardShell';
import { BindCardForm } from '../components/BindCardForm';
import { HolderNameItem } from '../components/HolderNameItem';
import '../../../shared/forms/forms.locale';

type AlipayValues = { holderName: string; accountNo: string; password: string };

export default function AddAlipayPage() {
  const { t } = useTranslation('cards');
  return <AddCardShell title={t('add.alipay')}>{(user) => <AlipayForm user={user} />}</AddCardShell>;
}

function AlipayForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation('cards');
  const [form] = Form.useForm<AlipayValues>();

  const toInput = (values: AlipayValues): BindCardInput => ({
    kind: 'alipay',
    holderName: values.holderName.trim(),
    accountNo: values.accountNo.trim(),
    password: values.password,
  });

  return (
    <BindCardForm
      user={user}
      name="addAlipay"
      form={form}
      initialValues={{ holderName: user.realName }}
      toInput={toInput}
    >
      <HolderNameItem user={user} label={t('alipayHolder')} />
      <Form.Item
        name="accountNo"
        label={t('alipayAccount')}
        rules={[
          checkRule((value) => {
            const account = typeof value === 'string' ? value.trim() : '';
            if (!account) return t('alipayPlaceholder');
            return isAlipayAccount(account) ? null : t('ALIPAY_FORMAT', { ns: 'errors' });
          }),
        ]}
      >
        <Input
          inputMode="email"
          placeholder={t('alipayPlaceholder')}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          maxLength={100}
          enterKeyHint="next"
        />
      </Form.Item>
    </BindCardForm>
  );
}
