import { act, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { operatorSocket } from './socket';
import { LIVE_QUEUE_GATHER_MS, useLiveQueue } from './useLiveQueue';

type Change = { id: string };

function captureTopic() {
  const listeners = new Set<(data: unknown) => void>();
  vi.spyOn(operatorSocket, 'listen').mockImplementation((_topic, listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  });
  return (change: Change) =>
    act(() => {
      for (const listener of listeners) listener(change);
    });
}

function Queue(props: {
  read: () => Promise<number>;
  onChange: (change: Change) => void;
  onGathered: (changes: Change[]) => void;
  allowed?: boolean;
}) {
  const count = useLiveQueue<Change, number>({ topic: 'money', allowed: props.allowed ?? true, ...props });
  return <output>{count ?? '-'}</output>;
}

describe('a live queue', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reads at once, hears each change as it comes, and reads once per burst, handing the burst over after', async () => {
    const publish = captureTopic();
    let count = 1;
    const read = vi.fn(async () => count);
    const onChange = vi.fn();
    const onGathered = vi.fn();
    const view = render(<Queue read={read} onChange={onChange} onGathered={onGathered} />);
    await waitFor(() => expect(view.getByRole('status').textContent).toBe('1'));
    expect(read).toHaveBeenCalledTimes(1);

    count = 3;
    publish({ id: 'a' });
    publish({ id: 'b' });
    expect(onChange.mock.calls.map(([change]) => change.id)).toEqual(['a', 'b']);
    expect(onGathered).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, LIVE_QUEUE_GATHER_MS + 100));
    await waitFor(() => expect(view.getByRole('status').textContent).toBe('3'));
    expect(read).toHaveBeenCalledTimes(2);
    expect(onGathered).toHaveBeenCalledTimes(1);
    expect(onGathered.mock.calls[0]?.[0]).toEqual([{ id: 'a' }, { id: 'b' }]);
  });

  it('neither reads nor listens while the role may not see the queue', async () => {
    const publish = captureTopic();
    const read = vi.fn(async () => 1);
    const onChange = vi.fn();
    render(<Queue read={read} onChange={onChange} onGathered={vi.fn()} allowed={false} />);
    publish({ id: 'a' });
    await new Promise((resolve) => setTimeout(resolve, LIVE_QUEUE_GATHER_MS + 100));
    expect(read).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });
});
