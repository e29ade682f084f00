import {
  type ActionType,
  ModalForm,
  type ProColumns,
  ProFormDigit,
  ProFormGroup,
  ProFormList,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
} from '@ant-design/pro-components';
import {
  type AdminTasksView,
  adminChestsBody,
  adminSigninBody,
  adminTaskBody,
  TASK_CONDITIONS,
  TASK_KINDS,
} from '@jinb/contract';
import { Button, Card, Col, Descriptions, Form, Row, Space, Tag, Typography } from 'antd';
import { type ReactElement, useRef, useState } from 'react';
import { Can } from '../../../shared/access/access';
import { call } from '../../../shared/api/call';
import { LocalizedFields } from '../../../shared/form/LocalizedFields';
import { TextPreview } from '../../../shared/form/previews';
import { submitChecked } from '../../../shared/form/zod-form';
import { ConsoleTable } from '../../../shared/table/ConsoleTable';
import { MoneyText } from '../../../shared/ui/MoneyText';
import { Page } from '../../../shared/ui/Page';
import { TimeText } from '../../../shared/ui/TimeText';
import { rewardsMessages as t } from '../messages';

type Task = AdminTasksView['tasks'][number];
type TaskForm = Omit<Task, 'id' | 'updatedAt'>;

const kindOptions = TASK_KINDS.map((value) => ({ value, label: t.tasks.kinds[value] }));
const conditionOptions = TASK_CONDITIONS.map((value) => ({ value, label: t.tasks.conditions[value] }));

function TaskFormModal({ task, trigger, onSaved }: { task: Task | null; trigger: ReactElement; onSaved: () => void }) {
  const [form] = Form.useForm<TaskForm>();
  const initial: Partial<TaskForm> = task
    ? { ...task }
    : {
        kind: 'daily',
        condition: 'deposit_amount',
        multiple: '1',
        points: 10,
        sort: 0,
        active: true,
        newbieDays: 0,
        i18n: {},
      };
  return (
    <ModalForm<TaskForm>
      title={task ? t.tasks.editTitle : t.tasks.createTitle}
      form={form}
      width={960}
      trigger={trigger}
      initialValues={initial}
      modalProps={{ destroyOnHidden: true }}
      onFinish={(values) =>
        submitChecked(form, adminTaskBody, values, async (body) => {
          if (task) await call('adminTask', { params: { id: task.id }, body });
          else await call('adminTaskCreate', { body });
          onSaved();
        })
      }
    >
      <ProFormGroup>
        <ProFormSelect name="kind" label={t.tasks.kind} options={kindOptions} width="sm" rules={[{ required: true }]} />
        <ProFormSelect
          name="condition"
          label={t.tasks.condition}
          options={conditionOptions}
          width="sm"
          rules={[{ required: true }]}
        />
        <ProFormText name="target" label={t.tasks.target} width="xs" rules={[{ required: true }]} />
        <ProFormText name="reward" label={t.tasks.reward} width="xs" rules={[{ required: true }]} />
        <ProFormText name="multiple" label={t.common.multiple} tooltip={t.common.multipleHint} width="xs" />
        <ProFormDigit name="points" label={t.tasks.points} width="xs" min={0} fieldProps={{ precision: 0 }} />
        <ProFormDigit name="sort" label={t.common.sort} width="xs" fieldProps={{ precision: 0 }} />
        <ProFormText name="category" label={t.tasks.category} width="xs" />
        <ProFormDigit name="newbieDays" label={t.tasks.newbieDays} width="sm" min={0} fieldProps={{ precision: 0 }} />
        <ProFormSwitch name="active" label={t.common.active} />
      </ProFormGroup>
      <LocalizedFields
        fields={[
          { name: 'title', label: t.tasks.title, required: true, max: 60 },
          { name: 'description', label: t.tasks.description, kind: 'textarea', rows: 3, max: 200 },
        ]}
        preview={(texts) => <TextPreview title={texts.title} content={texts.description} />}
      />
    </ModalForm>
  );
}

type ChestsForm = { chests: { threshold: number; reward: string; multiple: string }[] };
type SigninForm = { rewards: string[]; multiple: string };

/** The chests and the sign-in strip, each replaced as a whole. */
function ExtrasCards({ view, onSaved }: { view: AdminTasksView | null; onSaved: () => void }) {
  const [chestForm] = Form.useForm<ChestsForm>();
  const [signinForm] = Form.useForm<SigninForm>();
  if (!view) return null;
  return (
    <Row gutter={16} style={{ marginTop: 16 }}>
      <Col span={12}>
        <Card
          size="small"
          title={t.tasks.chests}
          extra={
            <Can call="adminTaskChests">
              <ModalForm<ChestsForm>
                title={t.tasks.chestsTitle}
                form={chestForm}
                trigger={<Typography.Link>{t.common.edit}</Typography.Link>}
                initialValues={{
                  chests: view.chests.map(({ threshold, reward, multiple }) => ({ threshold, reward, multiple })),
                }}
                modalProps={{ destroyOnHidden: true }}
                onFinish={(values) =>
                  submitChecked(chestForm, adminChestsBody, { chests: values.chests ?? [] }, async (body) => {
                    await call('adminTaskChests', { body });
                    onSaved();
                  })
                }
              >
                <ProFormList name="chests">
                  <ProFormGroup>
                    <ProFormDigit
                      name="threshold"
                      label={t.tasks.chestThreshold}
                      width="xs"
                      min={1}
                      fieldProps={{ precision: 0 }}
                    />
                    <ProFormText name="reward" label={t.tasks.chestReward} width="xs" />
                    <ProFormText name="multiple" label={t.common.multiple} width="xs" />
                  </ProFormGroup>
                </ProFormList>
              </ModalForm>
            </Can>
          }
        >
          <Space wrap>
            {view.chests.map((chest) => (
              <Tag key={chest.id}>
                {t.tasks.chestThreshold} {chest.threshold} → <MoneyText value={chest.reward} />
              </Tag>
            ))}
          </Space>
        </Card>
      </Col>
      <Col span={12}>
        <Card
          size="small"
          title={t.tasks.signin}
          extra={
            <Can call="adminTaskSignin">
              <ModalForm<SigninForm>
                title={t.tasks.signinTitle}
                form={signinForm}
                trigger={<Typography.Link>{t.common.edit}</Typography.Link>}
                initialValues={view.signin}
                modalProps={{ destroyOnHidden: true }}
                onFinish={(values) =>
                  submitChecked(signinForm, adminSigninBody, values, async (body) => {
                    await call('adminTaskSignin', { body });
                    onSaved();
                  })
                }
              >
                <ProFormGroup>
                  {view.signin.rewards.map((_, index) => (
                    <ProFormText
                      // The seven days never reorder.
                      // biome-ignore lint/suspicious/noArrayIndexKey: day positions are fixed
                      key={index}
                      name={['rewards', index]}
                      label={t.tasks.signinDay(index + 1)}
                      width="xs"
                    />
                  ))}
                  <ProFormText name="multiple" label={t.common.multiple} width="xs" />
                </ProFormGroup>
              </ModalForm>
            </Can>
          }
        >
          <Descriptions size="small" column={4}>
            {view.signin.rewards.map((reward, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: day positions are fixed
              <Descriptions.Item key={index} label={t.tasks.signinDay(index + 1)}>
                <MoneyText value={reward} />
              </Descriptions.Item>
            ))}
            <Descriptions.Item label={t.common.multiple}>{view.signin.multiple}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
    </Row>
  );
}

/** 任务模板: the task templates (filtered by kind), their texts per language, the chests and the sign-in rewards. */
export default function TasksPage() {
  const table = useRef<ActionType>(undefined);
  const [view, setView] = useState<AdminTasksView | null>(null);
  const reload = () => table.current?.reload();

  const columns: ProColumns<Task>[] = [
    { title: 'ID', dataIndex: 'id', width: 70, search: false },
    {
      title: t.tasks.kind,
      dataIndex: 'kind',
      valueType: 'select',
      valueEnum: Object.fromEntries(kindOptions.map((one) => [one.value, { text: one.label }])),
    },
    { title: t.tasks.title, dataIndex: 'title', search: false },
    {
      title: t.tasks.condition,
      dataIndex: 'condition',
      search: false,
      render: (_, row) => t.tasks.conditions[row.condition],
    },
    { title: t.tasks.target, dataIndex: 'target', search: false, align: 'right' },
    {
      title: t.tasks.reward,
      dataIndex: 'reward',
      search: false,
      align: 'right',
      render: (_, row) => <MoneyText value={row.reward} />,
    },
    { title: t.common.multiple, dataIndex: 'multiple', search: false, align: 'right' },
    { title: t.tasks.points, dataIndex: 'points', search: false, align: 'right' },
    { title: t.common.sort, dataIndex: 'sort', search: false, align: 'right' },
    {
      title: t.common.status,
      dataIndex: 'active',
      search: false,
      render: (_, row) => (row.active ? <Tag color="green">{t.common.active}</Tag> : <Tag>{t.common.inactive}</Tag>),
    },
    {
      title: t.common.updatedAt,
      dataIndex: 'updatedAt',
      search: false,
      render: (_, row) => <TimeText value={row.updatedAt} />,
    },
    {
      title: t.common.actions,
      valueType: 'option',
      render: (_, row) => (
        <Can call="adminTask">
          <TaskFormModal task={row} trigger={<Typography.Link>{t.common.edit}</Typography.Link>} onSaved={reload} />
        </Can>
      ),
    },
  ];

  return (
    <Page
      extra={
        <Can call="adminTaskCreate">
          <TaskFormModal task={null} trigger={<Button type="primary">{t.tasks.createTitle}</Button>} onSaved={reload} />
        </Can>
      }
    >
      <ConsoleTable<Task>
        rowKey="id"
        actionRef={table}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        form={{ syncToUrl: true }}
        options={{ density: false, setting: true, reload: true }}
        pagination={{ defaultPageSize: 20 }}
        request={async (params) => {
          const answer = await call('adminTasks');
          setView(answer);
          const data = answer.tasks.filter((task) => !params.kind || task.kind === params.kind);
          return { data, total: data.length, success: true };
        }}
      />
      <ExtrasCards view={view} onSaved={reload} />
    </Page>
  );
}
