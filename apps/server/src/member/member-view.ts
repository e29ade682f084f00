import type { UserInfo } from '@jinb/contract';
import type { MemberRow } from './member.repository';

/** 13812348000 -> 138****8000: members see enough of their own number to recognise it. */
export function maskPhone(phone: string): string {
  if (!phone) return '';
  if (phone.length <= 6) return `${phone.slice(0, 1)}****${phone.slice(-1)}`;
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

/** abcdef@example.com -> ab***@example.com */
export function maskEmail(email: string): string {
  if (!email) return '';
  const at = email.indexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

export function toUserInfo(member: MemberRow): UserInfo {
  return {
    id: member.id.toString(),
    account: member.account,
    nickname: member.nickname,
    realName: member.realName,
    avatar: member.avatar,
    phoneArea: member.phoneArea,
    phone: maskPhone(member.phone),
    email: maskEmail(member.email),
    vipLevel: member.vipLevel,
    inviteCode: member.inviteCode,
    createdAt: member.createdAt.toISOString(),
    lastLoginAt: member.lastLoginAt ? member.lastLoginAt.toISOString() : null,
  };
}
