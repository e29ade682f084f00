import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { renderTemplate } from './message-templates';
import { messagesRepository, type SystemNote } from './messages.repository';

/** The demo member's first inbox: a welcome (with its zh-HK text) and a few system messages, two of them read. */
export async function seedDemoMessages(tx: Executor, memberId: bigint): Promise<void> {
  await tx.execute(sql`insert into messages (member_id, kind, title, content, i18n, ref, created_at)
    values (${memberId}, 'system', '欢迎加入', '感谢您注册成为会员，祝您游戏愉快！',
      ${JSON.stringify({ 'zh-HK': { title: '歡迎加入', content: '感謝您註冊成為會員，祝您遊戲愉快！' } })}::jsonb,
      'demo:welcome', now() - interval '3 days')`);
  const notes: Array<Omit<SystemNote, 'title' | 'content'>> = [
    { memberId, template: 'deposit_credited', params: { amount: '100.0000' }, ref: 'demo:deposit' },
    { memberId, template: 'reward_credited', params: { programme: 'signin', amount: '1.0000' }, ref: 'demo:signin' },
    { memberId, template: 'vip_level', params: { level: '1', name: 'VIP1' }, ref: 'demo:vip' },
  ];
  await messagesRepository.insertSystem(
    tx,
    notes.map((note) => ({ ...note, ...renderTemplate(note.template, note.params, 'zh-CN') })),
  );
  await tx.execute(sql`update messages set read_at = now()
    where member_id = ${memberId} and ref in ('demo:welcome', 'demo:deposit')`);
}
