import { afterEach, describe, expect, it } from 'vitest';
import { beeps, clearQueues, queueTotal, reportQueue, setMuted } from './queues';

describe('queue counts', () => {
  afterEach(() => {
    clearQueues();
    setMuted(false);
  });

  it('beeps when a count rises, not when it is first reported or falls', () => {
    const before = beeps;
    reportQueue('withdrawals', 2);
    expect(beeps).toBe(before);
    reportQueue('withdrawals', 3);
    expect(beeps).toBe(before + 1);
    reportQueue('withdrawals', 1);
    expect(beeps).toBe(before + 1);
  });

  it('stays quiet when muted, and the title still carries the total', () => {
    document.title = '金币运营后台';
    setMuted(true);
    const before = beeps;
    reportQueue('withdrawals', 1);
    reportQueue('supportChat', 1);
    reportQueue('supportChat', 4);
    expect(beeps).toBe(before);
    expect(queueTotal()).toBe(5);
    expect(document.title).toBe('(5) 金币运营后台');
    clearQueues();
    expect(document.title).toBe('金币运营后台');
  });
});
