import type { DeviceKind } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { resultRows } from '../db/result-rows';

export type LoginRow = {
  id: bigint;
  sessionId: bigint;
  at: Date;
  ip: string;
  network: 'public' | 'local';
  area: string;
  device: string;
  deviceKind: DeviceKind;
};

type RawLogin = {
  id: string;
  session_id: string;
  at: string | Date;
  ip: string;
  network: 'public' | 'local';
  area: string;
  device: string;
  device_kind: DeviceKind;
};

/** SQL for the sign-in history (member_logins) and the sessions' step-up grants (member_sessions.stepped_up_until). */
export const securityRepository = {
  async insertLogin(
    db: Executor,
    row: {
      memberId: bigint;
      sessionId: bigint;
      ip: string;
      network: 'public' | 'local';
      area: string;
      device: string;
      deviceKind: DeviceKind;
      deviceNo: string;
    },
  ): Promise<void> {
    await db.execute(sql`insert into member_logins
        (member_id, session_id, at, ip, network, area, device, device_kind, device_no)
      values (${row.memberId}, ${row.sessionId}, ${new Date().toISOString()}, ${row.ip}, ${row.network}, ${row.area},
        ${row.device}, ${row.deviceKind}, ${row.deviceNo})`);
  },

  /** A member's sign-ins, newest first, and how many there are. */
  async listLogins(
    db: Executor,
    memberId: bigint,
    page: number,
    size: number,
  ): Promise<{ rows: LoginRow[]; total: number }> {
    const raw = resultRows<RawLogin>(
      await db.execute(sql`select id, session_id, at, ip, network, area, device, device_kind from member_logins
        where member_id = ${memberId} order by id desc limit ${size} offset ${(page - 1) * size}`),
    );
    const [count] = resultRows<{ total: string | number }>(
      await db.execute(sql`select count(*) as total from member_logins where member_id = ${memberId}`),
    );
    return {
      total: Number(count?.total ?? 0),
      rows: raw.map((row) => ({
        id: BigInt(row.id),
        sessionId: BigInt(row.session_id),
        at: new Date(row.at),
        ip: row.ip,
        network: row.network,
        area: row.area,
        device: row.device,
        deviceKind: row.device_kind,
      })),
    };
  },

  /** Grants the step-up to a live session of the member; false when the session has ended meanwhile. */
  async grantStepUp(db: Executor, sessionId: bigint, memberId: bigint, until: Date): Promise<boolean> {
    const rows = resultRows(
      await db.execute(sql`update member_sessions set stepped_up_until = ${until.toISOString()}
        where id = ${sessionId} and member_id = ${memberId} and revoked_at is null returning id`),
    );
    return rows.length === 1;
  },

  /** Until when a session is stepped up (null: never, or its grant was dropped). */
  async steppedUpUntil(db: Executor, sessionId: bigint): Promise<Date | null> {
    const [row] = resultRows<{ until: string | Date | null }>(
      await db.execute(sql`select stepped_up_until as until from member_sessions
        where id = ${sessionId} and revoked_at is null`),
    );
    return row?.until ? new Date(row.until) : null;
  },
};
