import type { UserInfo } from '@jinb/contract';
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { showFirstFieldError } from '../../auth/feedback';
import { checkRule } from '../../auth/form-rules';
import { isAlipayAccount } from '../card-format';
import '../cards.locale';
import styles from '../cards.module.css';
import { AddCardShell } from '../components/AddCardShell';
import { HolderNameItem } from '../components/HolderNameItem';
import { WithdrawPasswordItem } from '../components/WithdrawPasswordItem';
import { useBindCard } from '../hooks/use-bind-card';

type AlipayValues = { holderName: string; accountNo: string; password: string };

export default function AddAlipayPage() {
  const { t } = useTranslation('cards');
  return <AddCardShell title={t('add.alipay')}>{(user) => <AlipayForm user={user} />}</AddCardShell>;
}

function AlipayForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation('cards');
  const [form] = Form.useForm<AlipayValues>();
  const { submit, submitting, inputsChanged } = useBindCard(user);

  const onFinish = (values: AlipayValues) =>
    submit({
      kind: 'alipay',
      holderName: values.holderName.trim(),
      accountNo: values.accountNo.trim(),
      password: values.password,
    });

  return (
    <Form
      name="addAlipay"
      form={form}
      mode="card"
      layout="horizontal"
      requiredMarkStyle="none"
      validateTrigger="onBlur"
      className={styles.form}
      initialValues={{ holderName: user.realName }}
      onValuesChange={inputsChanged}
      onFinish={onFinish}
      onFinishFailed={showFirstFieldError}
      footer={
        <Button block type="submit" color="primary" size="large" shape="rounded" loading={submitting}>
          {t('bind')}
        </Button>
      }
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
      <WithdrawPasswordItem name="password" />
    </Form>
  );
}
