import { randomBytes } from 'node:crypto';
import { and, count, eq, inArray, like, sql } from 'drizzle-orm';
import { seedDemoAgent } from '../agent/agent-seed';
import { hashPassword, verifyPassword } from '../auth/password-hash';
import { artworkUrl } from '../content/artwork/artwork.catalogue';
import { seedDemoContentExtras } from '../content/content-seed';
import type { Database, Executor } from '../db/database';
import {
  banners,
  configTree,
  depositChannels,
  gameGroups,
  games,
  members,
  news,
  notices,
  operators,
  promos,
  settings,
} from '../db/schema';
import { seedHelpCentre } from '../help/help-seed';
import { type MemberRow, memberRepository } from '../member/member.repository';
import { seedDemoMessages } from '../messages/messages-seed';
import { seedDemoPromotions } from '../promotions/promotions-seed';
import { newInviteCode } from '../shared/tokens';
import { seedDemoSupport } from '../support/support-seed';
import { seedDemoTasks } from '../tasks/tasks-seed';
import { DEFAULT_WALLET_SETTINGS } from '../wallet/wallet-settings';

const GROUPS = [
  { id: 1, name: '热门', sort: 1, art: 'group-hot' },
  { id: 2, name: '体育', sort: 2, art: 'group-sport' },
  { id: 3, name: '真人', sort: 3, art: 'group-live' },
  { id: 4, name: '电子', sort: 4, art: 'group-slot' },
  { id: 5, name: '棋牌', sort: 5, art: 'group-card' },
  { id: 6, name: '捕鱼', sort: 6, art: 'group-fish' },
  { id: 7, name: '彩票', sort: 7, art: 'group-lottery' },
];

/** Ids run from 1001 in this order; `art` names the tile in content/artwork. */
const GAME_NAMES: Array<[group: number, name: string, platform: string, gtype: string, art: string]> = [
  [1, '金币体育', 'house', 'sport', 'game-house-sport'],
  [1, '百家乐', 'house', 'live', 'game-baccarat'],
  [1, '龙虎斗', 'house', 'live', 'game-dragon-tiger'],
  [1, '水果机', 'house', 'slot', 'game-fruit-machine'],
  [1, '斗地主', 'house', 'card', 'game-dou-di-zhu'],
  [2, '足球', 'house', 'sport', 'game-football'],
  [2, '篮球', 'house', 'sport', 'game-basketball'],
  [2, '网球', 'house', 'sport', 'game-tennis'],
  [2, '电竞', 'house', 'sport', 'game-esports'],
  [2, '排球', 'house', 'sport', 'game-volleyball'],
  [2, '棒球', 'house', 'sport', 'game-baseball'],
  [3, '极速百家乐', 'house', 'live', 'game-speed-baccarat'],
  [3, '轮盘', 'house', 'live', 'game-roulette'],
  [3, '骰宝', 'house', 'live', 'game-sic-bo'],
  [3, '番摊', 'live1', 'live', 'game-fan-tan'],
  [3, '牛牛', 'live1', 'live', 'game-niuniu'],
  [3, '21点', 'live1', 'live', 'game-blackjack'],
  [4, '财神到', 'slot1', 'slot', 'game-fortune'],
  [4, '招财猫', 'slot1', 'slot', 'game-lucky-cat'],
  [4, '麻将胡了', 'slot1', 'slot', 'game-mahjong'],
  [4, '赏金船长', 'slot1', 'slot', 'game-bounty-captain'],
  [4, '寻宝黄金城', 'slot1', 'slot', 'game-golden-city'],
  [4, '宝石传奇', 'slot1', 'slot', 'game-gems'],
  [4, '糖果派对', 'slot1', 'slot', 'game-candy'],
  [5, '抢庄牛牛', 'card1', 'card', 'game-grab-banker'],
  [5, '炸金花', 'card1', 'card', 'game-three-cards'],
  [5, '德州扑克', 'card1', 'card', 'game-texas-holdem'],
  [5, '十三水', 'card1', 'card', 'game-thirteen-cards'],
  [5, '二八杠', 'card1', 'card', 'game-two-eight'],
  [6, '捕鱼达人', 'fish1', 'fish', 'game-fishing-master'],
  [6, '金蟾捕鱼', 'fish1', 'fish', 'game-golden-toad'],
  [6, '深海捕鱼', 'fish1', 'fish', 'game-deep-sea'],
  [7, '快三', 'lottery1', 'lottery', 'game-fast-three'],
  [7, '时时彩', 'lottery1', 'lottery', 'game-time-lottery'],
  [7, '北京赛车', 'lottery1', 'lottery', 'game-racing-ten'],
  [7, '六合彩', 'lottery1', 'lottery', 'game-mark-six'],
  [7, '幸运28', 'lottery1', 'lottery', 'game-lucky-28'],
  [7, '分分彩', 'lottery1', 'lottery', 'game-minute-lottery'],
  // Beyond the jinb show list: other variants' catalogues, never shown on this site.
  [4, '五龙争霸', 'slot2', 'slot', 'game-five-dragons'],
  [5, '百人牛牛', 'card2', 'card', 'game-hundred-niuniu'],
];

/**
 * Games that open (issue 22): our tables (百家乐, 龙虎斗, 极速百家乐, 轮盘, 骰宝) and the simulated vendors' games
 * (live1: 番摊, 牛牛, 21点; slot1: 1018-1024). The lobby shows a game playable only when launch can open it too.
 */
const PLAYABLE_GAMES = [1002, 1003, 1012, 1013, 1014, 1015, 1016, 1017, 1018, 1019, 1020, 1021, 1022, 1023, 1024];
/** Games seeded on platform live1 before our own tables deal them (issue 22 moved them to `house`). */
const NOW_HOUSE_TABLES = [1012, 1013, 1014];
/** Marks a demo catalogue as upgraded for issue 22, so an operator's later changes are never undone. */
const CATALOGUE_MARK = 'demo.catalogue';

const BANNERS = [
  { title: '新人首存礼', art: 'banner-welcome', sort: 1, link: '/activity/list' },
  { title: '欧洲足球盛宴', art: 'banner-football', sort: 2, link: '/find' },
  { title: '负责任博彩', art: 'banner-responsible', sort: 3, link: '' },
];

const PROMOS = [
  {
    title: '新人首存礼',
    art: 'promo-first-deposit',
    summary: '新会员首次充值可获赠彩金',
    content:
      '活动对象：活动期间注册的新会员。\n活动内容：首次充值成功后可申请赠送彩金。\n活动规则：彩金需完成相应流水后方可提现，具体以页面说明为准。',
    sort: 1,
  },
  {
    title: '每周返水',
    art: 'promo-rebate',
    summary: '根据有效投注额每周返还',
    content: '每周一统计上周有效投注，按VIP等级比例返还。\n返水自动派发，无需申请。',
    sort: 2,
  },
  {
    title: '邀请好友赚佣金',
    art: 'promo-invite',
    summary: '好友通过您的邀请码注册并游戏',
    content: '在“我的-个人资料”中复制您的邀请码，分享给好友注册。\n好友的有效投注将为您带来佣金。',
    sort: 3,
  },
];

const NEWS: Array<[title: string, summary: string, art: string]> = [
  ['英超前瞻：焦点之战一触即发', '本周末英超迎来强强对话，双方近期状态均十分出色。', 'news-premier-league'],
  ['NBA：季后赛席位争夺白热化', '多支球队仍在为最后的季后赛席位展开激烈争夺。', 'news-nba'],
  ['欧冠小组赛全部赛果回顾', '本轮欧冠小组赛爆出多场冷门，出线形势更加扑朔迷离。', 'news-champions'],
  ['电竞：全球总决赛赛程公布', '今年的全球总决赛将于下月开幕，共有24支队伍参赛。', 'news-esports'],
  ['网球：大满贯赛事最新战报', '头号种子顺利晋级，多位新星表现抢眼。', 'news-tennis'],
  ['理性投注指南：如何设定娱乐预算', '量力而行是长久娱乐的前提，建议为自己设定每日与每月上限。', 'news-budget'],
];

/** The on-the-fly SVGs the demo drew before it had artwork; rows still pointing at them get the artwork instead. */
const OLD_DEMO_MEDIA = '/media/demo/%';

/** Banks for withdrawal cards (tree 010), USDT networks (020) and feedback categories (030). */
const TREE: Array<[parent: string, code: string, label: string]> = [
  ...(
    [
      ['ICBC', '中国工商银行'],
      ['CCB', '中国建设银行'],
      ['ABC', '中国农业银行'],
      ['BOC', '中国银行'],
      ['BOCOM', '交通银行'],
      ['CMB', '招商银行'],
      ['PSBC', '中国邮政储蓄银行'],
      ['CITIC', '中信银行'],
      ['CEB', '中国光大银行'],
      ['CMBC', '中国民生银行'],
      ['PAB', '平安银行'],
      ['SPDB', '浦发银行'],
      ['CIB', '兴业银行'],
      ['HXB', '华夏银行'],
      ['CGB', '广发银行'],
    ] as const
  ).map(([code, label]) => ['010', code, label] as [string, string, string]),
  ['020', 'TRC20', 'USDT-TRC20'],
  ['020', 'ERC20', 'USDT-ERC20'],
  ['030', 'deposit', '充值问题'],
  ['030', 'withdraw', '提现问题'],
  ['030', 'account', '账号问题'],
  ['030', 'game', '游戏问题'],
  ['030', 'suggestion', '建议反馈'],
];

async function isEmpty(db: Database, table: typeof banners | typeof gameGroups | typeof configTree | typeof settings) {
  const [row] = await db.select({ value: count() }).from(table);
  return Number(row?.value ?? 0) === 0;
}

/** Demo content: only written into empty tables, so an operator's edits survive restarts. */
export async function seedDemoContent(db: Database, site: { customerServiceUrl: string; whatsAppUrl: string }) {
  if (await isEmpty(db, banners)) {
    await db.insert(banners).values(BANNERS.map(({ art, ...banner }) => ({ ...banner, image: artworkUrl(art) })));
    await db.insert(notices).values([
      {
        title: '欢迎来到金币，请妥善保管您的账号密码',
        content: '平台工作人员不会以任何理由向您索要密码或验证码。如遇可疑情况，请立即联系在线客服。',
        sort: 1,
      },
      {
        title: '系统将于每周二凌晨4:00-6:00进行例行维护',
        content: '维护期间部分游戏可能暂停服务，给您带来的不便敬请谅解。',
        sort: 2,
      },
      { title: '未满18周岁禁止参与任何博彩活动', content: '请理性娱乐，量力而行。', sort: 3 },
    ]);
    await db.insert(promos).values(PROMOS.map(({ art, ...promo }) => ({ ...promo, image: artworkUrl(art) })));
    const day = 86_400_000;
    await db.insert(news).values(
      NEWS.map(([title, summary, art], index) => ({
        title,
        summary,
        image: artworkUrl(art),
        content: `${summary}\n\n以上内容仅供参考，请以官方公布信息为准。`,
        publishedAt: new Date(Date.now() - index * day),
      })),
    );
  }

  if (await isEmpty(db, gameGroups)) {
    await db.insert(gameGroups).values(GROUPS.map(({ art, ...group }) => ({ ...group, icon: artworkUrl(art) })));
    await db.insert(games).values(
      GAME_NAMES.map(([groupId, name, platform, gtype, art], index) => ({
        id: 1001 + index,
        groupId,
        name,
        code: `${platform}-${1001 + index}`,
        gtype,
        platform,
        icon: artworkUrl(art),
        sort: index + 1,
        playable: PLAYABLE_GAMES.includes(1001 + index),
        maintenance: name === '六合彩',
      })),
    );
  }

  await replaceOldDemoMedia(db);
  await seedDemoTasks(db);
  await seedDemoPromotions(db);
  await seedDemoContentExtras(db);
  await seedDemoSupport(db);
  await seedHelpCentre(db);

  if (await isEmpty(db, configTree)) {
    const roots = [
      { id: '010', parentId: null, code: 'bank', label: '银行列表', sort: 1 },
      { id: '020', parentId: null, code: 'usdt-network', label: 'USDT网络', sort: 2 },
      { id: '030', parentId: null, code: 'feedback-type', label: '反馈类型', sort: 3 },
    ];
    await db.insert(configTree).values(roots);
    const counters = new Map<string, number>();
    await db.insert(configTree).values(
      TREE.map(([parent, code, label]) => {
        const next = (counters.get(parent) ?? 0) + 1;
        counters.set(parent, next);
        return { id: `${parent}${String(next).padStart(3, '0')}`, parentId: parent, code, label, sort: next };
      }),
    );
  }

  const [channelCount] = await db.select({ value: count() }).from(depositChannels);
  if (Number(channelCount?.value ?? 0) === 0) {
    const yuan = (value: number) => BigInt(value) * 10_000n;
    await db.insert(depositChannels).values([
      {
        id: 'bank',
        kind: 'bank',
        name: '银行卡转账',
        minAmount: yuan(100),
        maxAmount: yuan(50_000),
        payee: {
          bankName: '中国工商银行',
          accountName: '演示科技有限公司',
          accountNo: '6222020000000000001',
          branch: '深圳南山支行',
        },
        tips: '请按订单金额（含小数）转账，并在附言中填写备注码，到账更快。',
        sort: 1,
      },
      {
        id: 'alipay',
        kind: 'alipay',
        name: '支付宝',
        minAmount: yuan(50),
        maxAmount: yuan(20_000),
        payee: { accountName: '演示科技有限公司', account: 'pay@demo.invalid' },
        tips: '支付宝转账后通常1-5分钟内到账。',
        sort: 2,
      },
      {
        id: 'usdt-trc20',
        kind: 'usdt_trc20',
        name: 'USDT-TRC20',
        minAmount: yuan(100),
        maxAmount: yuan(500_000),
        payee: { network: 'TRC20', address: 'TGGD9D8wqtfzW57z9YdJWKDBC2qN1fPWK9' },
        tips: '仅支持TRC20网络，请按订单显示的USDT数量（含小数）转账。',
        sort: 3,
      },
      {
        id: 'usdt-erc20',
        kind: 'usdt_erc20',
        name: 'USDT-ERC20',
        minAmount: yuan(500),
        maxAmount: yuan(500_000),
        payee: { network: 'ERC20', address: '0x52908400098527886E0F7030069857D2E4169EE7' },
        tips: '仅支持ERC20网络，网络手续费较高，建议使用TRC20。',
        sort: 4,
      },
    ]);
  }

  if (await isEmpty(db, settings)) {
    await db.insert(settings).values([
      { key: 'support', value: { customerService: site.customerServiceUrl, whatsApp: site.whatsAppUrl } },
      { key: 'analytics', value: { list: [], scriptsList: { default: [] } } },
      { key: 'withdrawPassword', value: { enabled: true } },
      // No bets can be placed yet, so no turnover can be met: a demo with a flow multiple above 0 could never
      // withdraw. Operators raise it (PUT /api/admin/v1/wallet/settings) once wagering counts.
      { key: 'wallet', value: { ...DEFAULT_WALLET_SETTINGS, flowMultiple: '0' } },
    ]);
  }

  // Last: it writes a settings row, and the settings above are seeded only into an empty table.
  await upgradeDemoCatalogue(db);
}

/**
 * A demo database seeded before issue 22 has 极速百家乐, 轮盘 and 骰宝 on platform live1 and nothing playable: once,
 * the rows still as seeded move to our tables and the games that now open become playable.
 */
async function upgradeDemoCatalogue(db: Database) {
  const [done] = await db.select({ value: count() }).from(settings).where(eq(settings.key, CATALOGUE_MARK));
  if (Number(done?.value ?? 0)) return;
  await db.transaction(async (tx) => {
    for (const id of NOW_HOUSE_TABLES)
      await tx
        .update(games)
        .set({ platform: 'house', code: `house-${id}` })
        .where(and(eq(games.id, id), eq(games.platform, 'live1'), eq(games.code, `live1-${id}`)));
    await tx.update(games).set({ playable: true }).where(inArray(games.id, PLAYABLE_GAMES));
    await tx
      .insert(settings)
      .values({ key: CATALOGUE_MARK, value: { issue: 22 } })
      .onConflictDoNothing();
  });
}

/**
 * A database seeded before the artwork existed keeps its rows (seeding only fills empty tables), so its demo rows
 * would go on showing text on gradients. Each row still pointing at the old generated media gets its artwork, found
 * by the id or title it was seeded with; a picture an operator chose is never touched.
 */
async function replaceOldDemoMedia(db: Database) {
  const [stale] = await db.select({ value: count() }).from(games).where(like(games.icon, OLD_DEMO_MEDIA));
  const [staleBanners] = await db.select({ value: count() }).from(banners).where(like(banners.image, OLD_DEMO_MEDIA));
  if (!Number(stale?.value ?? 0) && !Number(staleBanners?.value ?? 0)) return;
  await db.transaction(async (tx) => {
    for (const group of GROUPS)
      await tx
        .update(gameGroups)
        .set({ icon: artworkUrl(group.art) })
        .where(and(eq(gameGroups.id, group.id), like(gameGroups.icon, OLD_DEMO_MEDIA)));
    for (const [index, game] of GAME_NAMES.entries())
      await tx
        .update(games)
        .set({ icon: artworkUrl(game[4]) })
        .where(and(eq(games.id, 1001 + index), like(games.icon, OLD_DEMO_MEDIA)));
    for (const banner of BANNERS)
      await tx
        .update(banners)
        .set({ image: artworkUrl(banner.art) })
        .where(and(eq(banners.title, banner.title), like(banners.image, OLD_DEMO_MEDIA)));
    for (const promo of PROMOS)
      await tx
        .update(promos)
        .set({ image: artworkUrl(promo.art) })
        .where(and(eq(promos.title, promo.title), like(promos.image, OLD_DEMO_MEDIA)));
    for (const [title, , art] of NEWS)
      await tx
        .update(news)
        .set({ image: artworkUrl(art) })
        .where(and(eq(news.title, title), like(news.image, OLD_DEMO_MEDIA)));
  });
}

function randomCredentials(prefix: string): [string, string] {
  const suffix = randomBytes(3).toString('hex').slice(0, 4);
  return [`${prefix}${suffix}`.slice(0, 11), randomPassword()];
}

function randomPassword(): string {
  return `${randomBytes(6).toString('base64url')}a1`;
}

function split(credentials: string): [string, string] {
  const at = credentials.indexOf(':');
  return [credentials.slice(0, at), credentials.slice(at + 1)];
}

/** The demo member's phone; the README points at its dev outbox. */
export const DEMO_PHONE = { area: '86', phone: '13800138000' } as const;

/**
 * Which accounts the demo seeded, kept beside the data: without DEMO_MEMBER / DEMO_OPERATOR a restart finds the same
 * accounts again instead of making new ones (a new member would need the demo phone a second time).
 */
const REMEMBERED_KEY = 'demoAccounts';
type Remembered = { member?: string; operator?: string };

/** Two demo processes starting on one database take turns, so neither creates an account the other just created. */
const SEED_LOCK = 'jinb:demo-accounts';

/**
 * The demo member and operator, kept across restarts: the configured accounts, else the ones seeded last time, else
 * new random ones. Each is created if missing and its password set to the configured (or a fresh random) one, so the
 * credentials printed at start always work; nothing else about an existing account changes.
 */
export async function seedDemoAccounts(
  db: Database,
  demo: { member: string | undefined; operator: string | undefined },
): Promise<{ member: [string, string]; operator: [string, string]; memberPhone: string | null }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${SEED_LOCK}, 0))`);
    const [row] = await tx.select().from(settings).where(eq(settings.key, REMEMBERED_KEY)).limit(1);
    const remembered = (row?.value ?? {}) as Remembered;

    const member = await demoMember(tx, demo.member, remembered.member);
    const memberHash = await hashPassword(member.credentials[1]);
    if (!member.row) {
      // A member seeded by another start (or registered) may hold the demo phone: this one then goes without.
      const phoneFree = !(await memberRepository.findByPhone(tx, DEMO_PHONE.area, DEMO_PHONE.phone));
      const created = await memberRepository.insert(tx, {
        account: member.credentials[0],
        passwordHash: memberHash,
        phoneArea: phoneFree ? DEMO_PHONE.area : '',
        phone: phoneFree ? DEMO_PHONE.phone : '',
        inviteCode: newInviteCode(),
        inviterId: null,
      });
      await memberRepository.update(tx, created.id, { nickname: '体验会员' });
      await seedDemoMessages(tx, created.id);
      await seedDemoAgent(tx, created.id);
      member.row = created;
    } else if (!(await verifyPassword(member.row.passwordHash, member.credentials[1]))) {
      await tx.update(members).set({ passwordHash: memberHash }).where(eq(members.id, member.row.id));
    }

    const operator = demo.operator
      ? split(demo.operator)
      : remembered.operator && (await findOperator(tx, remembered.operator))
        ? ([remembered.operator, randomPassword()] as [string, string])
        : randomCredentials('admin');
    const operatorHash = await hashPassword(operator[1]);
    const found = await findOperator(tx, operator[0]);
    if (!found)
      await tx
        .insert(operators)
        .values({ account: operator[0].toLowerCase(), passwordHash: operatorHash, role: 'admin' });
    else if (!(await verifyPassword(found.passwordHash, operator[1]))) {
      await tx.update(operators).set({ passwordHash: operatorHash }).where(eq(operators.id, found.id));
    }

    const value: Remembered = { member: member.row.account, operator: operator[0].toLowerCase() };
    await tx
      .insert(settings)
      .values({ key: REMEMBERED_KEY, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
    const { phoneArea, phone } = member.row;
    return { member: member.credentials, operator, memberPhone: phone ? `+${phoneArea}${phone}` : null };
  });
}

/**
 * The configured member; else the one seeded last time; else, in a database seeded before the accounts were
 * remembered, the member holding the demo phone (the one every earlier start tried to create again).
 */
async function demoMember(tx: Executor, configured: string | undefined, remembered: string | undefined) {
  if (configured) {
    const credentials = split(configured);
    return { credentials, row: await memberRepository.findByAccount(tx, credentials[0]) };
  }
  const earlier =
    (remembered ? await memberRepository.findByAccount(tx, remembered) : undefined) ??
    (await memberRepository.findByPhone(tx, DEMO_PHONE.area, DEMO_PHONE.phone));
  if (earlier) return { credentials: [earlier.account, randomPassword()] as [string, string], row: earlier };
  return { credentials: randomCredentials('demo'), row: undefined as MemberRow | undefined };
}

async function findOperator(tx: Executor, account: string) {
  return (await tx.select().from(operators).where(eq(operators.account, account.toLowerCase())).limit(1))[0];
}
