import {
  type ActionType,
  ModalForm,
  type ProColumns,
  ProFormDigit,
  ProFormGroup,
  ProFormList,
  ProFormText,
} from '@ant-design/pro-components';
import { type VipLevelView, vipLevelsBody } from '@jinb/contract';
import { Button, Form, Space, Typography } from 'antd';
import { type ReactElement, useRef, useState } from 'react';
import { Can } from '../../../shared/access/access';
import { call } from '../../../shared/api/call';
import { formMessages } from '../../../shared/form/messages';
import { submitChecked } from '../../../shared/form/zod-form';
import { ConsoleTable } from '../../../shared/table/ConsoleTable';
import { confirmAction } from '../../../shared/ui/confirmAction';
import { MoneyText } from '../../../shared/ui/MoneyText';
import { Page } from '../../../shared/ui/Page';
import { rewardsMessages as t } from '../messages';
import { wholeRequest } from '../paged';

/** One level as the save call takes it (the view's fields; the name's other languages under i18n). */
type LevelInput = Omit<VipLevelView, 'i18n'> & { i18n: Record<string, Record<string, string>> };
type LevelForm = Omit<LevelInput, 'rebateRates'> & { rebates: { key: string; rate: string }[] };

const levelSchema = vipLevelsBody.shape.levels.element;

function toInput(level: VipLevelView): LevelInput {
  return { ...level, i18n: level.i18n ?? {} };
}

function toForm(level: VipLevelView): LevelForm {
  const { rebateRates, ...rest } = toInput(level);
  return { ...rest, rebates: Object.entries(rebateRates).map(([key, rate]) => ({ key, rate })) };
}

function fromForm(values: LevelForm, level: number): LevelInput {
  const { rebates, ...rest } = values;
  return {
    ...rest,
    level,
    rebateRates: Object.fromEntries((rebates ?? []).map((one) => [one.key, String(one.rate ?? '')])),
  };
}

const MONEY_FIELDS = [
  ['turnover', t.vip.turnover],
  ['deposits', t.vip.deposits],
  ['keepTurnover', t.vip.keepTurnover],
  ['upgradeBonus', t.vip.upgradeBonus],
  ['weeklyWage', t.vip.weeklyWage],
  ['monthlyWage', t.vip.monthlyWage],
  ['birthdayBonus', t.vip.birthdayBonus],
  ['withdrawMax', t.vip.withdrawMax],
] as const;

/** Saves the whole table with one level replaced (or added); the server checks the thresholds climb. */
async function saveLevels(levels: LevelInput[]) {
  return call('adminVipLevelsSave', { body: { levels } });
}

function LevelForm({
  title,
  trigger,
  initial,
  level,
  all,
  onSaved,
}: {
  title: string;
  trigger: ReactElement;
  initial: LevelForm;
  level: number;
  all: VipLevelView[];
  onSaved: () => void;
}) {
  const [form] = Form.useForm<LevelForm>();
  return (
    <ModalForm<LevelForm>
      title={title}
      form={form}
      width={760}
      trigger={trigger}
      initialValues={initial}
      modalProps={{ destroyOnHidden: true }}
      onFinish={(values) => {
        const input = fromForm(values, level);
        const checked = submitChecked(form, levelSchema, input, async () => {
          const others = all.filter((one) => one.level !== level).map(toInput);
          await saveLevels([...others, input].sort((a, b) => a.level - b.level));
          onSaved();
        });
        return checked;
      }}
    >
      <Typography.Paragraph type="secondary">{t.vip.thresholdHint}</Typography.Paragraph>
      <ProFormGroup>
        <ProFormText
          name="name"
          label={`${t.vip.name}（${formMessages.langDefault}）`}
          width="sm"
          rules={[{ required: true }]}
        />
        <ProFormText name={['i18n', 'zh-HK', 'name']} label={`${t.vip.name}（${formMessages.langHk}）`} width="sm" />
      </ProFormGroup>
      <ProFormGroup>
        {MONEY_FIELDS.map(([name, label]) => (
          <ProFormText key={name} name={name} label={label} width="sm" rules={[{ required: true }]} />
        ))}
        <ProFormDigit
          name="withdrawCount"
          label={t.vip.withdrawCount}
          width="sm"
          min={1}
          max={1000}
          fieldProps={{ precision: 0 }}
        />
        <ProFormText name="multiple" label={t.common.multiple} tooltip={t.common.multipleHint} width="sm" />
      </ProFormGroup>
      <ProFormList name="rebates" label={t.vip.rebateRates} creatorButtonProps={{ creatorButtonText: t.vip.rebateAdd }}>
        <ProFormGroup>
          <ProFormText name="key" label={t.vip.rebateKey} width="sm" rules={[{ required: true }]} />
          <ProFormText name="rate" label={t.vip.rebateRate} width="xs" rules={[{ required: true }]} />
        </ProFormGroup>
      </ProFormList>
    </ModalForm>
  );
}

/** VIP 等级: the level table (thresholds, bonuses, wages, rebates, withdrawal limits), edited a level at a time. */
export default function VipLevelsPage() {
  const table = useRef<ActionType>(undefined);
  const [levels, setLevels] = useState<VipLevelView[]>([]);
  const reload = () => table.current?.reload();
  const top = levels.at(-1);

  const columns: ProColumns<VipLevelView>[] = [
    { title: t.vip.level, dataIndex: 'level', render: (_, row) => `VIP${row.level}`, width: 70 },
    { title: t.vip.name, dataIndex: 'name' },
    ...MONEY_FIELDS.map(
      ([name, label]): ProColumns<VipLevelView> => ({
        title: label,
        dataIndex: name,
        align: 'right',
        render: (_, row) => <MoneyText value={row[name]} />,
      }),
    ),
    { title: t.vip.withdrawCount, dataIndex: 'withdrawCount', align: 'right' },
    { title: t.common.multiple, dataIndex: 'multiple', align: 'right' },
    {
      title: t.vip.rebateRates,
      dataIndex: 'rebateRates',
      render: (_, row) =>
        Object.entries(row.rebateRates)
          .map(([key, rate]) => `${key} ${rate}%`)
          .join('，') || '-',
    },
    {
      title: t.common.actions,
      valueType: 'option',
      fixed: 'right',
      render: (_, row) => (
        <Can call="adminVipLevelsSave">
          <LevelForm
            title={`${t.vip.editTitle} VIP${row.level}`}
            trigger={<Typography.Link>{t.common.edit}</Typography.Link>}
            initial={toForm(row)}
            level={row.level}
            all={levels}
            onSaved={reload}
          />
        </Can>
      ),
    },
  ];

  return (
    <Page
      extra={
        <Can call="adminVipLevelsSave">
          <Space>
            {top ? (
              <LevelForm
                title={`${t.vip.addLevel} VIP${top.level + 1}`}
                trigger={<Button type="primary">{t.vip.addLevel}</Button>}
                initial={{ ...toForm(top), name: `VIP${top.level + 1}`, i18n: {} }}
                level={top.level + 1}
                all={levels}
                onSaved={reload}
              />
            ) : null}
            {top && levels.length > 1 ? (
              <Button
                danger
                onClick={() =>
                  confirmAction({
                    title: t.vip.removeLast,
                    content: t.vip.removeConfirm,
                    danger: true,
                    action: () => saveLevels(levels.slice(0, -1).map(toInput)),
                    onDone: reload,
                  })
                }
              >
                {t.vip.removeLast}
              </Button>
            ) : null}
          </Space>
        </Can>
      }
    >
      <ConsoleTable<VipLevelView>
        rowKey="level"
        actionRef={table}
        columns={columns}
        search={false}
        scroll={{ x: 'max-content' }}
        pagination={false}
        options={{ density: false, setting: true, reload: true }}
        request={wholeRequest(async () => {
          const list = await call('adminVipLevels');
          setLevels(list);
          return list;
        })}
      />
    </Page>
  );
}
