import { useQueryClient } from '@tanstack/react-query';
import { Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { appMessages } from './messages';
import { signOut } from './sign-out';

/** The last minute of an idle session is counted down in a dialog before the console signs out. */
export const IDLE_WARNING_SECONDS = 60;
const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'mousemove', 'touchstart'] as const;

/**
 * Signs the operator out after `idleMinutes` without any input (a console left open on an unattended PC must not
 * stay a way into the back office). During the last 60 s a dialog counts down; any input or 继续使用 resets it.
 */
export function IdleGuard({ idleMinutes }: { idleMinutes: number }) {
  const queryClient = useQueryClient();
  const lastInput = useRef(Date.now());
  const [left, setLeft] = useState<number | null>(null);
  const limitMs = idleMinutes * 60_000;

  useEffect(() => {
    const touch = () => {
      lastInput.current = Date.now();
    };
    for (const name of INPUT_EVENTS) window.addEventListener(name, touch, { passive: true });
    const timer = setInterval(() => {
      const remaining = Math.ceil((lastInput.current + limitMs - Date.now()) / 1_000);
      if (remaining <= 0) {
        clearInterval(timer);
        setLeft(null);
        void signOut(queryClient, appMessages.idleSignedOut);
      } else setLeft(remaining <= IDLE_WARNING_SECONDS ? remaining : null);
    }, 1_000);
    return () => {
      clearInterval(timer);
      for (const name of INPUT_EVENTS) window.removeEventListener(name, touch);
    };
  }, [limitMs, queryClient]);

  return (
    <Modal
      open={left !== null}
      title={appMessages.idleTitle}
      okText={appMessages.idleStay}
      cancelText={appMessages.signOut}
      closable={false}
      maskClosable={false}
      onOk={() => {
        lastInput.current = Date.now();
        setLeft(null);
      }}
      onCancel={() => void signOut(queryClient, appMessages.signedOut)}
    >
      {left !== null ? appMessages.idleContent(left) : null}
    </Modal>
  );
}
