import { isUsdtAddress, USDT_NETWORKS, type UsdtNetwork, type UserInfo } from '@jinb/contract';
import { Form, TextArea } from 'antd-mobile';
import { ExclamationTriangleOutline } from 'antd-mobile-icons';
import { checkRule } from '../../../shared/forms/form-rules';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { BindCardInput } from '../cards.api';
import '../cards.locale';
import styles from '../cards.module.css';
import { AddCardShell } from '../components/AddCardShell';
import { BindCardForm } from '../components/BindCardForm';

type UsdtValues = { network: UsdtNetwork; accountNo: string; password: string };

export default function AddVirtualCoinPage() {
  const { t } = useTranslation('cards');
  return <AddCardShell title={t('add.usdt')}>{(user) => <UsdtForm user={user} />}</AddCardShell>;
}

/** TRC20 / ERC20 as native radio buttons drawn as a segmented control (keyboard and screen readers get a radio group). */
function NetworkSwitch({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: UsdtNetwork;
  onChange?: (value: UsdtNetwork) => void;
}) {
  const { t } = useTranslation('cards');
  return (
    <div id={id} role="radiogroup" aria-label={t('network')} className={styles.segmented}>
      {USDT_NETWORKS.map((network) => (
        <label key={network} className={network === value ? styles.segmentActive : styles.segment}>
          <input
            type="radio"
            name="usdt-network"
            value={network}
            checked={network === value}
            onChange={() => onChange?.(network)}
            className="visually-hidden"
          />
          {network}
        </label>
      ))}
    </div>
  );
}

function UsdtForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation('cards');
  const [form] = Form.useForm<UsdtValues>();
  const network = Form.useWatch('network', form) ?? 'TRC20';

  const toInput = (values: UsdtValues): BindCardInput => ({
    kind: 'usdt',
    network: values.network,
    accountNo: values.accountNo.trim(),
    password: values.password,
  });

  return (
    <>
      <p className={styles.warning} role="note">
        <ExclamationTriangleOutline aria-hidden />
        <span>{t('networkWarning', { network })}</span>
      </p>
      <BindCardForm
        user={user}
        name="addVirtualCoin"
        form={form}
        initialValues={{ network: 'TRC20' }}
        toInput={toInput}
      >
        <Form.Item name="network" label={t('network')}>
          <NetworkSwitch />
        </Form.Item>
        <Form.Item
          name="accountNo"
          label={t('address')}
          dependencies={['network']}
          normalize={(value: unknown) => String(value ?? '').replace(/\s+/g, '')}
          rules={[
            checkRule((value) => {
              // Read at validation time: the network may just have changed and the watch not caught up yet.
              const picked: UsdtNetwork = form.getFieldValue('network') === 'ERC20' ? 'ERC20' : 'TRC20';
              const address = typeof value === 'string' ? value.trim() : '';
              if (!address) return t(`addressPlaceholder.${picked}`);
              return isUsdtAddress(picked, address) ? null : t(`addressFormat.${picked}`);
            }),
          ]}
        >
          {/* Several lines, so the whole address can be checked against the wallet before binding. */}
          <TextArea
            placeholder={t(`addressPlaceholder.${network}`)}
            autoSize={{ minRows: 1, maxRows: 3 }}
            autoComplete="off"
            maxLength={64}
            enterKeyHint="next"
            className={styles.address}
          />
        </Form.Item>
      </BindCardForm>
    </>
  );
}
