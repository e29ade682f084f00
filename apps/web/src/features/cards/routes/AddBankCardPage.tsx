import type { UserInfo } from '@jinb/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, DotLoading, Form, Input, Picker } from 'antd-mobile';
import { DownOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { showFirstFieldError } from '../../auth/feedback';
import { checkRule } from '../../auth/form-rules';
import { cardDigits, groupCardNumber, isBankCardNumber } from '../card-format';
import { banksQuery } from '../cards.api';
import '../cards.locale';
import styles from '../cards.module.css';
import { AddCardShell } from '../components/AddCardShell';
import { HolderNameItem } from '../components/HolderNameItem';
import { WithdrawPasswordItem } from '../components/WithdrawPasswordItem';
import { useBindCard } from '../hooks/use-bind-card';

type BankCardValues = { bank: string[]; branch: string; holderName: string; accountNo: string; password: string };

export default function AddBankCardPage() {
  const { t } = useTranslation('cards');
  return <AddCardShell title={t('add.bank')}>{(user) => <BankCardForm user={user} />}</AddCardShell>;
}

function BankCardForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation('cards');
  const [form] = Form.useForm<BankCardValues>();
  const banks = useQuery(banksQuery);
  const { submit, submitting, inputsChanged } = useBindCard(user);

  const columns = [(banks.data ?? []).map((bank) => ({ label: bank.label, value: bank.code }))];

  const onFinish = (values: BankCardValues) =>
    submit({
      kind: 'bank',
      bankCode: values.bank[0] ?? '',
      branch: (values.branch ?? '').trim(),
      holderName: values.holderName.trim(),
      accountNo: cardDigits(values.accountNo),
      password: values.password,
    });

  return (
    <Form
      name="addBankCard"
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
      <Form.Item
        name="bank"
        label={t('bank')}
        trigger="onConfirm"
        rules={[checkRule((value) => (Array.isArray(value) && value[0] ? null : t('bankPlaceholder')))]}
      >
        <Picker columns={columns} title={t('bank')} loading={banks.isPending}>
          {(items, actions) => {
            const picked = items[0];
            return (
              <button
                type="button"
                id="addBankCard_bank"
                className={styles.pickerButton}
                aria-label={picked ? `${t('bank')} ${picked.label}` : t('bankPlaceholder')}
                onClick={banks.isError ? () => void banks.refetch() : actions.open}
              >
                {banks.isError ? (
                  <span className={styles.pickerError}>{t('banksLoadFailed')}</span>
                ) : picked ? (
                  <span>{picked.label}</span>
                ) : banks.isPending ? (
                  <DotLoading />
                ) : (
                  <span className={styles.pickerPlaceholder}>{t('bankPlaceholder')}</span>
                )}
                <DownOutline fontSize={12} aria-hidden />
              </button>
            );
          }}
        </Picker>
      </Form.Item>
      <Form.Item name="branch" label={t('branch')}>
        <Input placeholder={t('branchPlaceholder')} maxLength={60} autoComplete="off" enterKeyHint="next" />
      </Form.Item>
      <HolderNameItem user={user} label={t('holder')} />
      <Form.Item
        name="accountNo"
        label={t('cardNo')}
        normalize={groupCardNumber}
        rules={[
          checkRule((value) => {
            const digits = cardDigits(value);
            if (!digits) return t('cardNoPlaceholder');
            return isBankCardNumber(digits) ? null : t('BANK_CARD_FORMAT', { ns: 'errors' });
          }),
        ]}
      >
        <Input
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('cardNoPlaceholder')}
          maxLength={23}
          enterKeyHint="next"
          className={styles.cardNoInput}
        />
      </Form.Item>
      <WithdrawPasswordItem name="password" />
    </Form>
  );
}
