import type { UserInfo } from '@jinb/contract';
import type { ReactNode } from 'react';
import { CardForm } from '../../../shared/forms/CardForm';
import type { AnyForm } from '../../../shared/forms/form-rules';
import { WithdrawPasswordItem } from '../../../shared/forms/WithdrawPasswordItem';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { BindCardInput } from '../cards.api';
import '../cards.locale';
import styles from '../cards.module.css';
import { useBindCard } from '../hooks/use-bind-card';

type BindCardFormProps<Values> = {
  user: UserInfo;
  name: string;
  form: AnyForm;
  initialValues: Partial<Values>;
  /** The account to bind, from what the member typed; the withdraw password field is the form's last row. */
  toInput: (values: Values) => BindCardInput;
  children: ReactNode;
};

/** The frame of the three "add" forms: their own rows, then the withdraw password that authorises the binding. */
export function BindCardForm<Values>({
  user,
  name,
  form,
  initialValues,
  toInput,
  children,
}: BindCardFormProps<Values>) {
  const { t } = useTranslation('cards');
  const { submit, submitting, inputsChanged } = useBindCard(user);
  return (
    <CardForm
      name={name}
      form={form}
      className={styles.form}
      initialValues={initialValues}
      onValuesChange={inputsChanged}
      onFinish={(values: Values) => submit(toInput(values))}
      submitText={t('bind')}
      submitting={submitting}
    >
      {children}
      <WithdrawPasswordItem name="password" />
    </CardForm>
  );
}
