import { isBankCardNumber, type UserInfo } from '@jinb/contract';
import { useQuery } from '@tanstack/react-query';
import { DotLoading, Form, Input, Picker } from 'antd-mobile';
import { DownOutline } from 'antd-mobile-icons';
import { checkRule } from '../../../shared/forms/form-rules';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { cardDigits, groupCardNumber } from '../card-format';
import { type BindCardInput, banksQuery } from '../cards.api';
import '../cards.locale';
import styles from '../cards.module.css';
import { AddCardShell } from '../components/AddCardShell';
import { BindCardForm } from '../components/BindCardForm';
import { HolderNameItem } from '../components/HolderNameItem';
import '../../../shared/forms/forms.locale';

type BankCardValues = { bank: string[]; branch: string; holderName: string; accountNo: string; password: string };

export default function AddBankCardPage() {
  const { t } = useTranslation('cards');
  return <AddCardShell title={t('add.bank')}>{(user) => <BankCardForm user={user} />}</AddCardShell>;
}

function BankCardForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation('cards');
  const [form] = Form.useForm<BankCardValues>();
  const banks = useQuery(banksQuery);

  const columns = [(banks.data ?? []).map((bank) => ({ label: bank.label, value: bank.code }))];

  const toInput = (values: BankCardValues): BindCardInput => ({
    kind: 'bank',
    bankCode: values.bank[0] ?? '',
    branch: (values.branch ?? '').trim(),
    holderName: values.holderName.trim(),
    accountNo: cardDigits(values.accountNo),
    password: values.password,
  });

  return (
    <BindCardForm
      user={user}
      name="addBankCard"
      form={form}
      initialValues={{ holderName: user.realName }}
      toInput={toInput}
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
    </BindCardForm>
  );
}
