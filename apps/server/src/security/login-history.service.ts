import type { Lang, LoginHistory, LoginHistoryQuery } from '@jinb/contract';
import { loginHistoryQuery } from '@jinb/contract';
import type { MemberSession } from '../auth/session.service';
import type { Database, Executor } from '../db/database';
import { traditional } from '../shared/localize';
import { areaOf, maskIp } from './ip-area';
import { securityRepository } from './security.repository';
import { deviceFromUserAgent } from './user-agent';

export type LoginHistoryService = ReturnType<typeof createLoginHistoryService>;

const TEXTS: Record<Lang, { local: string; unknownArea: string; unknownDevice: string }> = {
  'zh-CN': { local: '本地网络', unknownArea: '未知地区', unknownDevice: '未知设备' },
  'zh-HK': { local: '本地網絡', unknownArea: '未知地區', unknownDevice: '未知設備' },
};

/** The member's sign-ins: written with the session they open, read back with the address masked. */
export function createLoginHistoryService(deps: { db: Database }) {
  return {
    /**
     * Records a sign-in in the transaction that opens its session (a sign-in that did not happen leaves no row).
     * The area is read now from the offline database: the history says where the address was when it was used.
     */
    async record(
      tx: Executor,
      sessionId: bigint,
      memberId: bigint,
      client: { ip: string; deviceNo: string; userAgent?: string },
    ): Promise<void> {
      const { network, area } = areaOf(client.ip);
      const device = deviceFromUserAgent(client.userAgent);
      await securityRepository.insertLogin(tx, {
        memberId,
        sessionId,
        ip: client.ip,
        network,
        area,
        device: device.name,
        deviceKind: device.kind,
        deviceNo: client.deviceNo.slice(0, 128),
      });
    },

    /** The member's own sign-ins, newest first, in `lang`; `current` marks the session asking. */
    async list(session: MemberSession, query: LoginHistoryQuery, lang: Lang): Promise<LoginHistory> {
      const { page, size } = loginHistoryQuery.parse(query);
      const { rows, total } = await securityRepository.listLogins(deps.db, session.memberId, page, size);
      const texts = TEXTS[lang];
      const inLang = (text: string) => (lang === 'zh-CN' ? text : traditional(text));
      return {
        total,
        page,
        size,
        list: rows.map((row) => ({
          id: row.id.toString(),
          at: row.at.toISOString(),
          device: row.device ? inLang(row.device) : texts.unknownDevice,
          deviceKind: row.deviceKind,
          ip: maskIp(row.ip),
          area: row.network === 'local' ? texts.local : row.area ? inLang(row.area) : texts.unknownArea,
          current: row.sessionId === session.sessionId,
        })),
      };
    },
  };
}
