import type { Executor } from '../db/database';
import { supportRepository } from './support.repository';

/** Canned replies the demo desk starts with (agents edit the list on the desk page). */
export const DEMO_CANNED = [
  { title: '问候', text: '您好，很高兴为您服务，请问有什么可以帮您？' },
  { title: '稍等', text: '好的，请您稍等，正在为您查询。' },
  { title: '充值到账', text: '充值一般在1-5分钟内到账，如超过10分钟未到账，请提供订单号，我们为您核实。' },
  { title: '提现审核', text: '提现提交后会在30分钟内审核完成，审核通过后请留意银行到账通知。' },
  { title: '流水要求', text: '提现前需完成账户的流水要求，可在提现页面查看剩余所需流水。' },
  { title: '结束语', text: '感谢您的耐心等待，如还有其他问题随时联系我们，祝您生活愉快！' },
];

/**
 * The demo's chat desk: on, all day (so the demo always shows agents on duty while one has the desk open), and the
 * canned replies above when none exist. Seeded once: an operator's changes are kept across restarts.
 */
export async function seedDemoSupport(db: Executor): Promise<void> {
  await supportRepository.settleOnce(db, { desk: true, openAt: '00:00', closeAt: '00:00' });
  if ((await supportRepository.canned(db)).length === 0) await supportRepository.replaceCanned(db, DEMO_CANNED);
}
