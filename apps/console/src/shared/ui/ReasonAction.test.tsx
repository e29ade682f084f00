import { requiredReasonBody } from '@jinb/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp, ConfigProvider } from 'antd';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConsoleApiError } from '../api/call';
import { AntdBridge } from './antd-app';
import { ReasonAction } from './ReasonAction';

function renderAction(
  props: Partial<ComponentProps<typeof ReasonAction>> & Pick<ComponentProps<typeof ReasonAction>, 'send'>,
) {
  const onDone = vi.fn();
  render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <AntdApp>
        <AntdBridge />
        <ReasonAction label="拒绝" title="拒绝提现 #7" done="已拒绝" onDone={onDone} {...props} />
      </AntdApp>
    </ConfigProvider>,
  );
  return onDone;
}

describe('the reason action', () => {
  it('checks the reason by the call’s schema before sending: a required reason left short is marked and nothing is sent', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => undefined);
    const onDone = renderAction({ schema: requiredReasonBody, send });
    await user.click(screen.getByText('拒绝'));
    await user.type(await screen.findByLabelText('原因'), 'ab');
    await user.click(screen.getByRole('button', { name: '确认' }));
    expect(await screen.findByText('请填写具体原因（至少4个字）')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal and keeps the form open with what was typed', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => {
      throw new ConsoleApiError('赛事当前状态不允许此操作', 'EVENT_STATE', 409);
    });
    const onDone = renderAction({ schema: requiredReasonBody, send });
    await user.click(screen.getByText('拒绝'));
    await user.type(await screen.findByLabelText('原因'), '收款账户与实名不符');
    await user.click(screen.getByRole('button', { name: '确认' }));
    expect(await screen.findByText('赛事当前状态不允许此操作')).toBeTruthy();
    expect(send).toHaveBeenCalledWith('收款账户与实名不符');
    expect(onDone).not.toHaveBeenCalled();
    expect((screen.getByLabelText('原因') as HTMLTextAreaElement).value).toBe('收款账户与实名不符');
  });

  it('sends the reason, says it is done and closes; an optional reason may be left empty', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => undefined);
    const onDone = renderAction({ send, trigger: 'button', label: '取消赛事', placeholder: '写明原因' });
    await user.click(screen.getByRole('button', { name: '取消赛事' }));
    expect((await screen.findByLabelText('原因')).getAttribute('placeholder')).toBe('写明原因');
    await user.click(screen.getByRole('button', { name: '确认' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(send).toHaveBeenCalledWith('');
    expect(await screen.findByText('已拒绝')).toBeTruthy();
  });
});
