import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { loginThroughSite, registerThroughSite } from '../support/member';

/**
 * Every route of the spec (section 2), opened signed in on a phone, shows real content: its own heading and some of
 * what it is for, never the not-found page, a placeholder, a failed load or the crashed-page boundary. The list is
 * written out from the spec, not taken from the site's paths, so a route the site lacks fails here. Detail routes are
 * opened bare (no id), as someone following an old or trimmed link would.
 *
 * A fresh member, not the shared demo one: opening a vendor's game moves the main balance to it (免转).
 */

/** A route and what it must show: its heading (exact; null for the pages without a title bar) and some content. */
type Route = { path: string; heading: string | RegExp | null; shows: RegExp };

const route = (path: string, heading: string | RegExp | null, shows: RegExp): Route => ({ path, heading, shows });

const SHELL: Route[] = [
  // The bare domain is the home page; home and login (signed in, it goes home) show the lobby.
  route('/', null, /金币体育/),
  route('/app/home', null, /百家乐/),
  route('/find', '发现', /英超|NBA|欧冠|暂无资讯/),
  route('/app/customer', /^(客服|在线客服)/, /常见问题|离线留言|立即咨询|意见反馈/),
  route('/activity/list', '活动', /新人首存礼|查看详情/),
  route('/app/center', '我的', /账户余额/),
  route('/user/bettingRecord', '投注记录', /未结算|已结算/),
  route('/login', null, /金币体育/),
  route('/register', '注册', /我已年满18周岁/),
  route('/forgetPassword', '找回密码', /重设密码/),
  route('/personalInfo', '个人资料', /注册时间/),
  route('/personalInfo/name', '修改资料', /真实姓名/),
  route('/personalInfo/mail', '绑定邮箱', /邮箱验证码/),
  route('/personalInfo/phone', '修改手机', /当前手机号码/),
  route('/cards', '卡片管理', /提现密码|提现账户/),
  route('/cards/bankDetail', '银行卡详情', /您还没有绑定银行卡|这是您最近绑定的银行卡/),
  route('/cards/addBankCard', '添加银行卡', /提现密码|持卡人/),
  route('/cards/addVirtualCoin', '添加USDT地址', /提现密码|钱包地址/),
  route('/cards/addAlipay', '添加支付宝', /提现密码|支付宝账号/),
];

const ACCOUNT: Route[] = [
  route('/setting', '安全设置', /修改登录密码/),
  route('/setting/password', '修改登录密码', /原密码/),
  route('/setting/success', '登录密码', /您的登录密码已设置/),
  route('/setting/verification', '安全验证', /手机号码/),
  route('/setting/wpassword', '设置提现密码', /提现密码为6位数字/),
  route('/setting/wsuccess', '提现密码', /您还未设置提现密码|您的提现密码已设置/),
  route('/user/message', '消息中心', /系统通知|平台公告|暂无消息/),
  route('/user/message/detail', '消息详情', /这是您最新的一条消息|暂无消息/),
  route('/user/feedback', '意见反馈', /问题描述/),
  route('/user/feedbackList', '我的反馈', /您还没有提交过反馈|待回复|已回复/),
  route('/user/feedbackDetail', '反馈详情', /您还没有提交过反馈|这是您最新的一条反馈/),
  route('/user/redemptionRecord', '兑换码', /兑换记录/),
  route('/user/redemptionDetail', '兑换详情', /暂无兑换记录|这是您最新的一笔兑换/),
  route('/user/transactionRecord', '交易记录', /暂无交易记录|订单号/),
  route('/user/transactionDetail', '交易详情', /暂无交易记录|这是您最新的一笔交易/),
  route('/user/vip/privilege', 'VIP特权', /等级特权/),
  route('/user/vip/detail', 'VIP详情', /特权说明/),
  route('/task', '任务中心', /每日签到/),
  route('/taskRecords', '任务记录', /暂无任务记录|奖励/),
];

const MONEY_AND_MORE: Route[] = [
  route('/finance/deposit', '充值', /选择充值方式/),
  route('/finance/deposit/info', '订单详情', /您还没有充值订单|这是您最近一笔到账的充值/),
  route('/finance/withdraw', '提现', /提现密码|提现金额/),
  route('/finance/transfer', '转账', /中心钱包/),
  route('/finance/myAssets', '我的资产', /总资产/),
  route('/user/agentPage', '推广赚钱', /邀请码/),
  route('/iframeCustomerService', /^在线客服/, /常见问题|离线留言|意见反馈/),
  route('/help/center', '帮助中心', /充值与提现/),
  route('/app/venueBack', '返回大厅', /中心钱包余额/),
  route('/find/newsDetail', '资讯详情', /最新资讯/),
  route('/app/sponsor', '品牌赞助', /合作期/),
];

/** The spec's tutorials, each with the title its article opens with (leaveMsg is the chat's message form). */
const TUTORIALS: Route[] = [
  ['sportRules', '体育规则'],
  ['bettingIntroduction', '投注入门'],
  ['betStrategy', '理性投注策略'],
  ['withdraw', '如何提现'],
  ['transfer', '中心钱包与场馆转账'],
  ['deposit', '如何充值'],
  ['example', '投注示例'],
  ['games', '娱乐场游戏规则'],
  ['tech', '技术说明：公平与安全'],
  ['techDetail', '验证详解'],
  ['contact', '联系我们'],
  ['games/answer', '娱乐场问答'],
  ['knowExchange', '如何在交易所购买 USDT'],
  ['knowVirtualCurrency', '认识虚拟货币'],
  ['protocolDifference', 'TRC20 和 ERC20 的区别'],
].map(([slug, title]) => route(`/tutorial/${slug}`, title as string, /更新于/));
TUTORIALS.push(route('/tutorial/leaveMsg', '离线留言', /留言内容/));

const PLACEHOLDERS = /即将开放|敬请期待|暂未开通/;
/** The not-found page, a failed load (ErrorState) and the crashed-page boundary. */
const BROKEN = /页面不存在|加载失败|页面加载失败/;

async function expectRealContent(page: Page, { path, heading, shows }: Route) {
  await page.goto(path);
  await expect(page.getByText(shows).first(), `${path} shows what it is for`).toBeVisible();
  if (heading !== null)
    await expect(page.getByRole('heading', { name: heading, exact: true }).first(), `${path} heading`).toBeVisible();
  const text = await page.locator('body').innerText();
  expect(text, `${path} has no placeholder`).not.toMatch(PLACEHOLDERS);
  expect(text, `${path} is not the not-found page or a failure`).not.toMatch(BROKEN);
  // A title bar alone is "返回" and a few characters; a short real form (绑定邮箱) is about twenty.
  expect(text.replace(/\s/g, '').length, `${path} is not a blank screen`).toBeGreaterThan(12);
}

async function visitAll(page: Page, routes: Route[]) {
  await loginThroughSite(page, member.account, member.password);
  await expect(page).not.toHaveURL(/\/login/);
  for (const one of routes) await expectRealContent(page, one);
}

type LobbyGame = { id: number; name: string; code: string; gtype: string; platform: string; playable: boolean };

/** The spec's game route of a lobby entry, as the lobby links it. */
const gamePath = (game: Pick<LobbyGame, 'id' | 'name' | 'code' | 'gtype'>) =>
  `/games/${game.id}/${encodeURIComponent(game.name)}/${encodeURIComponent(game.code)}/${encodeURIComponent(game.gtype)}`;

async function lobby(request: APIRequestContext): Promise<LobbyGame[]> {
  const body = (await (await request.get('/api/findmed/v1/game/list')).json()) as {
    data: Array<{ games: LobbyGame[] }>;
  };
  return body.data.flatMap((group) => group.games).filter((game) => game.playable);
}

let member: { account: string; password: string };

test.beforeAll(async ({ browser }, testInfo) => {
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale, timezoneId } =
    testInfo.project.use;
  const context = await browser.newContext({
    baseURL,
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    locale,
    timezoneId,
  });
  const page = await context.newPage();
  member = await registerThroughSite(page);
  await expect(page).not.toHaveURL(/\/register/);
  await context.close();
});

test('the app shell, sign-in pages, personal info and cards show real content', async ({ page }) => {
  await visitAll(page, SHELL);
});

test('settings, messages, feedback, records, VIP and tasks show real content', async ({ page }) => {
  await visitAll(page, ACCOUNT);
});

test('money, agent, support, news and sponsor pages show real content', async ({ page }) => {
  await visitAll(page, MONEY_AND_MORE);
});

test('every tutorial shows its article', async ({ page }) => {
  await visitAll(page, TUTORIALS);
});

test('the game route opens each kind of lobby entry, and one that does not exist offers the games that do', async ({
  page,
}) => {
  await visitAll(page, []);
  const games = await lobby(page.request);
  const sportsbook = games.find((game) => game.gtype === 'sport');
  const table = games.find((game) => game.platform === 'house' && game.gtype === 'live');
  const vendor = games.find((game) => game.platform !== 'house');
  if (!sportsbook || !table || !vendor) throw new Error('the demo lobby lacks a sportsbook, table or vendor entry');

  await page.goto(gamePath(sportsbook));
  await expect(page).toHaveURL(/\/sports(\?|$)/);
  await expect(page.getByRole('heading', { name: '体育', exact: true })).toBeVisible();

  await page.goto(gamePath(table));
  await expect(page).toHaveURL(/\/casino\/[A-Z0-9]+$/);
  await expect(page.getByText(/限红/).first()).toBeVisible();

  await page.goto(gamePath(vendor));
  await expect(page.getByTitle(`${vendor.name}游戏画面`)).toBeVisible();
  // Back from the vendor: its balance comes home (the route the spec names for it).
  await page.getByRole('button', { name: '返回' }).first().click();
  await expect(page).toHaveURL(/\/app\/venueBack/);
  await expect(page.getByText('中心钱包余额')).toBeVisible();

  await expectRealContent(page, route('/games/99999/不存在/nope-1/slot', '不存在', /现在可以玩/));
  await expect(page.getByText('没有找到“不存在”这个游戏')).toBeVisible();
  await expect(page.getByRole('link', { name: table.name }).first()).toBeVisible();
});
