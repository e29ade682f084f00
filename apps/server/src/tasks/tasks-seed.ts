import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { resultRows } from '../db/result-rows';

const YUAN = 10_000n;

/** [kind, condition, category, title, description, target (yuan for amounts, a count otherwise), reward yuan, points, newbie days] */
const TASKS: Array<[string, string, string, string, string, bigint, bigint, number, number]> = [
  ['daily', 'signin', '', '每日签到', '签到一次即可完成', 1n, 1n, 10, 0],
  ['daily', 'deposit_count', '', '今日充值', '今日完成一笔任意金额的充值', 1n, 5n, 20, 0],
  ['daily', 'valid_bet', '', '有效投注100元', '今日有效投注累计满100元', 100n * YUAN, 2n, 20, 0],
  ['daily', 'valid_bet', '', '有效投注1000元', '今日有效投注累计满1000元', 1_000n * YUAN, 10n, 30, 0],
  ['weekly', 'valid_bet', '', '本周有效投注10000元', '本周（周一起）有效投注累计满10000元', 10_000n * YUAN, 58n, 50, 0],
  ['newbie', 'bind_phone', '', '绑定手机号', '绑定手机号，账户更安全', 1n, 3n, 10, 30],
  ['newbie', 'bind_card', '', '绑定银行卡', '绑定一张银行卡或提现账户', 1n, 5n, 10, 30],
  ['newbie', 'withdraw_password', '', '设置提现密码', '设置提现密码，保护资金安全', 1n, 3n, 10, 30],
  ['once', 'invite_depositor', '', '邀请好友充值', '邀请一位好友注册并完成充值', 1n, 18n, 0, 0],
];
const CHESTS: Array<[number, bigint]> = [
  [20, 2n],
  [50, 5n],
  [100, 10n],
];
const SIGNIN = [1n, 2n, 3n, 5n, 8n, 10n, 18n];

/** The demo platform's tasks, chests and sign-in rewards; written once (only into an empty task table). */
export async function seedDemoTasks(db: Database): Promise<void> {
  const [row] = resultRows<{ n: number }>(await db.execute(sql`select count(*)::int as n from task_templates`));
  if (Number(row?.n ?? 0) > 0) return;
  await db.transaction(async (tx) => {
    for (const [
      index,
      [kind, condition, category, title, description, target, reward, points, days],
    ] of TASKS.entries())
      await tx.execute(sql`insert into task_templates
          (kind, condition, category, title, description, target, reward, multiple, points, sort, newbie_days)
        values (${kind}, ${condition}, ${category}, ${title}, ${description}, ${target}, ${reward * YUAN}, 100,
          ${points}, ${index + 1}, ${days})`);
    for (const [threshold, reward] of CHESTS)
      await tx.execute(sql`insert into task_chests (threshold, reward) values (${threshold}, ${reward * YUAN})
        on conflict (threshold) do nothing`);
    for (const [index, reward] of SIGNIN.entries())
      await tx.execute(sql`update task_signin_rewards set reward = ${reward * YUAN} where day = ${index + 1}`);
  });
}
