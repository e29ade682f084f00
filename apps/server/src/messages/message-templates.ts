import type { Lang } from '@jinb/contract';
import { traditional } from '../shared/localize';

/**
 * The system messages' texts, in both languages. A message stores its template key and params; the text is rendered
 * when it is read, in the reading request's language, so a member who switches to zh-HK reads last week's messages
 * in traditional characters too. Params are plain text (amounts already at scale 4, times already in the platform's
 * zone); a param written by an operator (a refusal reason) is converted to traditional for zh-HK.
 */
export const TEMPLATE_KEYS = [
  'withdraw_paid',
  'withdraw_refused',
  'deposit_credited',
  'reward_credited',
  'vip_level',
  'new_device',
  'real_name',
  'phone_changed',
  'feedback_replied',
  'support_reply',
] as const;
export type TemplateKey = (typeof TEMPLATE_KEYS)[number];
export type TemplateParams = Record<string, string>;

type Text = { title: string; content: (p: TemplateParams) => string };

/** Amounts in messages as the site shows money: truncated to 2 decimals ("12.3456" -> "12.34"). */
export function shownAmount(scale4: string): string {
  return scale4.replace(
    /^(-?\d+)(?:\.(\d{0,2})\d*)?$/,
    (_, whole: string, cents = '') => `${whole}.${cents.padEnd(2, '0')}`,
  );
}

/** What each reward programme is called in a message; a programme added later reads as a plain reward. */
const PROGRAMME_NAMES: Record<Lang, Record<string, string>> = {
  'zh-CN': {
    vip_upgrade: 'VIP晋级奖金',
    vip_birthday: 'VIP生日礼金',
    vip_weekly: 'VIP周俸禄',
    vip_monthly: 'VIP月俸禄',
    rebate: '返水',
    task: '任务奖励',
    task_points: '活跃度宝箱奖励',
    signin: '签到奖励',
    promotion: '活动奖励',
    code: '兑换码奖励',
    commission: '代理佣金',
  },
  'zh-HK': {
    vip_upgrade: 'VIP晉級獎金',
    vip_birthday: 'VIP生日禮金',
    vip_weekly: 'VIP周俸祿',
    vip_monthly: 'VIP月俸祿',
    rebate: '返水',
    task: '任務獎勵',
    task_points: '活躍度寶箱獎勵',
    signin: '簽到獎勵',
    promotion: '活動獎勵',
    code: '兌換碼獎勵',
    commission: '代理佣金',
  },
};
const REWARD: Record<Lang, string> = { 'zh-CN': '奖励', 'zh-HK': '獎勵' };

const TEXTS: Record<Lang, Record<TemplateKey, Text>> = {
  'zh-CN': {
    withdraw_paid: {
      title: '提现成功',
      content: (p) => `您申请的提现 ${shownAmount(p.amount ?? '0')} 元已处理完成，请留意到账情况。`,
    },
    withdraw_refused: {
      title: '提现未通过',
      content: (p) =>
        `您申请的提现 ${shownAmount(p.amount ?? '0')} 元未通过审核，原因：${p.reason || '未说明'}。款项已退回账户余额。`,
    },
    deposit_credited: {
      title: '充值到账',
      content: (p) => `您的充值 ${shownAmount(p.amount ?? '0')} 元已到账，祝您游戏愉快。`,
    },
    reward_credited: {
      title: '奖励到账',
      content: (p) =>
        `您获得${PROGRAMME_NAMES['zh-CN'][p.programme ?? ''] ?? REWARD['zh-CN']} ${shownAmount(p.amount ?? '0')} 元，已发放至账户余额。`,
    },
    vip_level: {
      title: 'VIP晋级',
      content: (p) => `恭喜您晋级为 ${p.name || `VIP${p.level}`}，更多专属特权已为您开启。`,
    },
    new_device: {
      title: '新设备登录提醒',
      content: (p) => `您的账户于 ${p.at} 在一台新设备上登录。如非本人操作，请立即修改登录密码并联系客服。`,
    },
    real_name: {
      title: '真实姓名已更新',
      content: (p) => `您的真实姓名已更新为 ${p.name}。如非本人操作，请立即联系客服。`,
    },
    phone_changed: {
      title: '手机号已更换',
      content: (p) => `您的账户已绑定新手机号 ${p.phone}。如非本人操作，请立即联系客服。`,
    },
    feedback_replied: {
      title: '您的反馈有新回复',
      content: (p) => `您于 ${p.at} 提交的「${p.category}」反馈已有回复：${p.reply}\n可在「我的反馈」中查看详情。`,
    },
    support_reply: {
      title: '客服回复了您的留言',
      content: (p) => `您的留言「${p.question}」客服已回复：${p.reply}`,
    },
  },
  'zh-HK': {
    withdraw_paid: {
      title: '提現成功',
      content: (p) => `您申請的提現 ${shownAmount(p.amount ?? '0')} 元已處理完成，請留意到賬情況。`,
    },
    withdraw_refused: {
      title: '提現未通過',
      content: (p) =>
        `您申請的提現 ${shownAmount(p.amount ?? '0')} 元未通過審核，原因：${p.reason ? traditional(p.reason) : '未說明'}。款項已退回賬戶餘額。`,
    },
    deposit_credited: {
      title: '充值到賬',
      content: (p) => `您的充值 ${shownAmount(p.amount ?? '0')} 元已到賬，祝您遊戲愉快。`,
    },
    reward_credited: {
      title: '獎勵到賬',
      content: (p) =>
        `您獲得${PROGRAMME_NAMES['zh-HK'][p.programme ?? ''] ?? REWARD['zh-HK']} ${shownAmount(p.amount ?? '0')} 元，已發放至賬戶餘額。`,
    },
    vip_level: {
      title: 'VIP晉級',
      content: (p) => `恭喜您晉級為 ${p.name ? traditional(p.name) : `VIP${p.level}`}，更多專屬特權已為您開啟。`,
    },
    new_device: {
      title: '新設備登錄提醒',
      content: (p) => `您的賬戶於 ${p.at} 在一台新設備上登錄。如非本人操作，請立即修改登錄密碼並聯繫客服。`,
    },
    real_name: {
      title: '真實姓名已更新',
      content: (p) => `您的真實姓名已更新為 ${p.name}。如非本人操作，請立即聯繫客服。`,
    },
    phone_changed: {
      title: '手機號已更換',
      content: (p) => `您的賬戶已綁定新手機號 ${p.phone}。如非本人操作，請立即聯繫客服。`,
    },
    feedback_replied: {
      title: '您的反饋有新回覆',
      content: (p) =>
        `您於 ${p.at} 提交的「${traditional(p.category ?? '')}」反饋已有回覆：${traditional(p.reply ?? '')}\n可在「我的反饋」中查看詳情。`,
    },
    support_reply: {
      title: '客服回覆了您的留言',
      content: (p) => `您的留言「${traditional(p.question ?? '')}」客服已回覆：${traditional(p.reply ?? '')}`,
    },
  },
};

export function isTemplateKey(key: string | null): key is TemplateKey {
  return key !== null && (TEMPLATE_KEYS as readonly string[]).includes(key);
}

/** The message's title and content in `lang`. */
export function renderTemplate(
  key: TemplateKey,
  params: TemplateParams,
  lang: Lang,
): { title: string; content: string } {
  const text = TEXTS[lang][key];
  return { title: text.title, content: text.content(params) };
}
