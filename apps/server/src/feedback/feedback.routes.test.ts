import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { paths } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../db/result-rows';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { signedInOperator } from '../test/wallet-fixtures';

type Member = { id: string; headers: Record<string, string> };
type Operator = { id: string; headers: Record<string, string> };

const BOUNDARY = '----jinbfeedbackboundary';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const replyPath = (id: string) => paths.adminFeedbackReply.replace(':id', id);
const closePath = (id: string) => paths.adminFeedbackClose.replace(':id', id);

describe.each(testDatabases)('feedback on %s', (kind) => {
  let sut: TestApp;
  let support: Operator;
  let admin: Operator;
  let finance: Operator;

  beforeAll(async () => {
    sut = await createTestApp(kind);
    [support, admin, finance] = await Promise.all([
      signedInOperator(sut, 'support'),
      signedInOperator(sut, 'admin'),
      signedInOperator(sut, 'finance'),
    ]);
  }, 120_000);
  afterAll(async () => {
    await sut?.close();
  });

  async function newMember(): Promise<Member> {
    const { token } = await sut.register();
    const id = (await sut.get(paths.token, { t: token })).json().data.id as string;
    return { id, headers: { t: token } };
  }

  /** Uploads an image as the site does (multipart, one file) and answers its URL. */
  async function upload(who: Member, bytes: Buffer = PNG): Promise<string> {
    const payload = Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="shot.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const response = await sut.app.inject({
      method: 'POST',
      url: paths.upload,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...who.headers },
    });
    if (response.statusCode !== 200) throw new Error(`upload: ${response.body}`);
    return response.json().data.url as string;
  }

  const create = (who: Member, body: unknown, headers: Record<string, string> = {}) =>
    sut.app.inject({
      method: 'POST',
      url: paths.feedbackCreate,
      payload: body as object,
      headers: { ...who.headers, ...headers },
    });
  const write = (who: Member, over: Record<string, unknown> = {}) =>
    create(who, { category: 'deposit', content: '充值后余额没有变化，请帮忙查一下', images: [], ...over });
  const detail = (who: Member, id: string, headers: Record<string, string> = {}) =>
    sut.get(`${paths.feedbackDetail}?id=${id}`, { ...who.headers, ...headers });
  const list = (who: Member, query = 'page=1&size=20', headers: Record<string, string> = {}) =>
    sut.get(`${paths.feedbackList}?${query}`, { ...who.headers, ...headers });
  const reply = (id: string, content: string, by: Operator = support) =>
    sut.post(replyPath(id), { content }, by.headers);
  const adminList = (query: string, by: Operator = support) => sut.get(`${paths.adminFeedback}?${query}`, by.headers);
  const inbox = async (who: Member, headers: Record<string, string> = {}) =>
    (await sut.post(paths.messageList, { page: '1', size: '50' }, { ...who.headers, ...headers })).json().data.list as {
      title: string;
      content: string;
    }[];

  it('takes a member’s feedback with an uploaded image and lists and shows it, newest first', async () => {
    const alice = await newMember();
    const image = await upload(alice);
    expect(image).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);

    const first = await write(alice, {
      content: '  提现到账很慢，已经等了两个小时  ',
      category: 'withdraw',
      images: [image],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      category: 'withdraw',
      categoryName: '提现问题',
      content: '提现到账很慢，已经等了两个小时',
      images: [image],
      status: 'pending',
      reply: null,
    });
    const second = (await write(alice, { category: 'suggestion', content: '希望增加更多篮球盘口' })).json().data;

    const page = (await list(alice)).json().data;
    expect(page).toMatchObject({ total: 2, page: 1, size: 20 });
    expect(page.list.map((one: { id: string }) => one.id)).toEqual([second.id, first.json().data.id]);
    expect(page.list[1]).toMatchObject({ categoryName: '提现问题', imageCount: 1, status: 'pending', repliedAt: null });

    const shown = (await detail(alice, first.json().data.id)).json();
    expect(shown).toMatchObject({ status: true, data: { images: [image], status: 'pending' } });

    // The category's name in the request's language.
    const hk = (await list(alice, 'page=1&size=20', { lang: 'zh-HK' })).json().data.list[1];
    expect(hk.categoryName).toBe('提現問題');
    // Paging: one a page.
    expect((await list(alice, 'page=2&size=1')).json().data).toMatchObject({
      total: 2,
      list: [{ id: first.json().data.id }],
    });
  });

  it('takes the form encoding too, with images as one comma-separated field', async () => {
    const bob = await newMember();
    const [one, two] = [await upload(bob), await upload(bob)];
    const response = await sut.post(
      paths.feedbackCreate,
      { category: 'game', content: '游戏加载不出来', images: `${one},${two}` },
      bob.headers,
    );
    expect(response.json()).toMatchObject({ status: true, data: { images: [one, two], categoryName: '游戏问题' } });
    // The field repeated, as a plain HTML form sends several values.
    const repeated = await sut.app.inject({
      method: 'POST',
      url: paths.feedbackCreate,
      payload: `category=game&content=${encodeURIComponent('又一次加载失败了')}&images=${encodeURIComponent(two ?? '')}&images=${encodeURIComponent(one ?? '')}`,
      headers: { ...bob.headers, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(repeated.json()).toMatchObject({ status: true, data: { images: [two, one] } });
  });

  it('refuses an unknown category and text outside 5-1000 characters, writing nothing', async () => {
    const carol = await newMember();
    for (const category of ['nope', '', '010001', 'ICBC', '../030']) {
      const answer = await write(carol, { category });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ status: false, code: 'FEEDBACK_CATEGORY_INVALID' });
    }
    for (const content of ['四个字符', '     ', '', '好'.repeat(1001), '   abcd   ']) {
      const answer = await write(carol, { content });
      expect(answer.json()).toMatchObject({ status: false, code: 'FEEDBACK_CONTENT_LENGTH' });
    }
    // Counted as characters a member sees: 1000 Chinese characters, or five emoji, are fine.
    expect((await write(carol, { content: '好'.repeat(1000) })).json().status).toBe(true);
    expect((await write(carol, { content: '😀😀😀😀😀' })).json().status).toBe(true);
    expect((await list(carol)).json().data.total).toBe(2);
  });

  it('refuses too many, foreign, missing, duplicated, non-image and oversized images', async () => {
    const dave = await newMember();
    const images = [await upload(dave), await upload(dave), await upload(dave), await upload(dave)];
    const dir = sut.container.uploads.dir;
    // Files that never came through the upload: text under an image's name, and a PNG past the size limit.
    const notImage = `/uploads/${'a'.repeat(32)}.png`;
    writeFileSync(path.join(dir, `${'a'.repeat(32)}.png`), 'not an image at all');
    const oversized = `/uploads/${'b'.repeat(32)}.png`;
    writeFileSync(
      path.join(dir, `${'b'.repeat(32)}.png`),
      Buffer.concat([PNG, Buffer.alloc(sut.config.uploadMaxBytes)]),
    );
    const wrongExtension = images[0]?.replace('.png', '.jpg');

    const refused: unknown[] = [
      images, // four
      [`https://evil.example${images[0]}`],
      ['https://evil.example/a.png'],
      [`//evil.example${images[0]}`],
      ['/uploads/../../etc/passwd'],
      [`/uploads/${'c'.repeat(32)}.png`], // never uploaded
      [images[0], images[0]],
      [notImage],
      [oversized],
      [wrongExtension],
      [`${images[0]}?x=1`],
      'not-a-list',
      [{ url: images[0] }],
      [123],
    ];
    for (const value of refused) {
      const answer = await write(dave, { images: value });
      expect(answer.statusCode, JSON.stringify(value)).toBe(400);
      expect(answer.json(), JSON.stringify(value)).toMatchObject({ status: false, code: 'FEEDBACK_IMAGES_INVALID' });
    }
    // The upload itself refuses what is not an image or too large, before feedback ever sees it.
    await expect(upload(dave, Buffer.from('GIF-but-not-really'))).rejects.toThrow(/UNSUPPORTED_FILE/);
    await expect(upload(dave, Buffer.concat([PNG, Buffer.alloc(sut.config.uploadMaxBytes)]))).rejects.toThrow(
      /PAYLOAD_TOO_LARGE/,
    );
    expect((await list(dave)).json().data.total).toBe(0);
    // Three of one's own uploads are fine.
    expect((await write(dave, { images: images.slice(0, 3) })).json().status).toBe(true);
  });

  it('answers malformed bodies with a 4xx envelope and signed-out calls with the session answer', async () => {
    const erin = await newMember();
    const bodies = [
      {},
      { category: 'deposit' },
      { content: '没有分类的反馈' },
      { category: ['deposit'], content: '数组分类的反馈' },
      { category: 'deposit', content: 12345 },
    ];
    for (const body of bodies) {
      const answer = await create(erin, body);
      expect(answer.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
      expect(answer.json().status).toBe(false);
    }
    const broken = await sut.app.inject({
      method: 'POST',
      url: paths.feedbackCreate,
      payload: '{"category": "deposit", "content": ',
      headers: { ...erin.headers, 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    const signedOut = await sut.app.inject({
      method: 'POST',
      url: paths.feedbackCreate,
      payload: { category: 'deposit', content: '未登录也想反馈' },
    });
    expect(signedOut.json()).toMatchObject({ status: false, data: 'token' });
    expect((await sut.get(`${paths.feedbackDetail}?id=abc`, erin.headers)).json()).toMatchObject({
      code: 'FEEDBACK_NOT_FOUND',
    });
  });

  it('never shows a member another member’s feedback: the same answer as a missing one', async () => {
    const frank = await newMember();
    const mallory = await newMember();
    const mine = (await write(frank)).json().data.id as string;

    const theirs = await detail(mallory, mine);
    const missing = await detail(mallory, '999999999');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    expect(theirs.json()).toMatchObject({ status: false, code: 'FEEDBACK_NOT_FOUND' });
    expect((await list(mallory)).json().data).toMatchObject({ total: 0, list: [] });
    expect((await detail(frank, mine)).json().status).toBe(true);
  });

  it('holds the caps under parallel requests: 5 waiting for a reply, then 10 a day', async () => {
    const grace = await newMember();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => write(grace, { content: `并发提交的第 ${index + 1} 条反馈` })),
    );
    const codes = answers.map((answer) => (answer.json().status ? 'ok' : answer.json().code));
    expect(codes.filter((code) => code === 'ok')).toHaveLength(5);
    expect(codes.filter((code) => code === 'FEEDBACK_PENDING_LIMIT')).toHaveLength(7);
    expect(answers.find((answer) => !answer.json().status)?.statusCode).toBe(429);
    expect((await list(grace)).json().data.total).toBe(5);

    // Answered ones no longer wait: five more, then the day's ten are used up.
    const answerAll = async () => {
      const waiting = (await adminList(`memberId=${grace.id}&status=pending&size=50`)).json().data.list;
      for (const one of waiting) expect((await reply(one.id, '已收到，正在处理')).json().status).toBe(true);
    };
    await answerAll();
    const more = await Promise.all(
      Array.from({ length: 8 }, (_, index) => write(grace, { content: `第二批的第 ${index + 1} 条反馈` })),
    );
    expect(more.filter((answer) => answer.json().status)).toHaveLength(5);
    await answerAll();
    const eleventh = await write(grace);
    expect(eleventh.json()).toMatchObject({ status: false, code: 'FEEDBACK_DAILY_LIMIT' });
    expect((await list(grace)).json().data.total).toBe(10);
  });

  it('lets support reply: the status turns replied and the member reads the reply and an inbox message in their language', async () => {
    const heidi = await newMember();
    const id = (await write(heidi, { category: 'withdraw', content: '提现一直显示处理中' })).json().data.id as string;

    const answered = await reply(id, '您的提现已处理完成，请留意到账。');
    expect(answered.json()).toMatchObject({
      status: true,
      data: {
        id,
        status: 'replied',
        replies: 1,
        repliedBy: support.id,
        memberId: heidi.id,
        reply: { content: '您的提现已处理完成，请留意到账。' },
      },
    });
    const shown = (await detail(heidi, id)).json().data;
    expect(shown).toMatchObject({ status: 'replied', reply: { content: '您的提现已处理完成，请留意到账。' } });
    expect(Date.parse(shown.reply.at)).toBeGreaterThan(0);
    expect((await list(heidi)).json().data.list[0]).toMatchObject({ status: 'replied' });

    const [message] = await inbox(heidi);
    expect(message?.title).toBe('您的反馈有新回复');
    expect(message?.content).toContain('「提现问题」反馈已有回复：您的提现已处理完成，请留意到账。');
    const [hk] = await inbox(heidi, { lang: 'zh-HK' });
    expect(hk?.title).toBe('您的反饋有新回覆');
    expect(hk?.content).toContain('「提現問題」反饋已有回覆：您的提現已處理完成，請留意到賬。');

    // A second reply replaces the first and tells the member again.
    const corrected = (await reply(id, '更正：款项预计 10 分钟内到账。', admin)).json().data;
    expect(corrected).toMatchObject({
      replies: 2,
      repliedBy: admin.id,
      reply: { content: '更正：款项预计 10 分钟内到账。' },
    });
    expect((await detail(heidi, id)).json().data.reply.content).toBe('更正：款项预计 10 分钟内到账。');
    const messages = await inbox(heidi);
    expect(messages).toHaveLength(2);
    expect(messages[0]?.content).toContain('更正：款项预计 10 分钟内到账。');

    const audit = resultRows<{ action: string }>(
      await sut.container.db.execute(sql`select action from audit_log where target = ${`feedback:${id}`} order by id`),
    ).map((row) => row.action);
    expect(audit).toEqual(['feedback.reply', 'feedback.reply']);
  });

  it('closes feedback: no reply or second close after it', async () => {
    const ivan = await newMember();
    const id = (await write(ivan)).json().data.id as string;
    const closed = await sut.post(closePath(id), {}, support.headers);
    expect(closed.json()).toMatchObject({ status: true, data: { status: 'closed', closedBy: support.id } });
    expect((await detail(ivan, id)).json().data).toMatchObject({ status: 'closed', reply: null });
    expect(Date.parse((await detail(ivan, id)).json().data.closedAt)).toBeGreaterThan(0);

    const late = await reply(id, '迟到的回复');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'FEEDBACK_CLOSED' });
    expect((await sut.post(closePath(id), {}, support.headers)).json()).toMatchObject({ code: 'FEEDBACK_CLOSED' });
    expect(await inbox(ivan)).toEqual([]);
    // Unknown ids, and a reply with nothing in it.
    expect((await reply('999999999', '没有这条')).json()).toMatchObject({ code: 'FEEDBACK_NOT_FOUND' });
    expect((await sut.post(closePath('x1'), {}, support.headers)).json()).toMatchObject({ code: 'FEEDBACK_NOT_FOUND' });
    const other = (await write(ivan)).json().data.id as string;
    expect((await reply(other, '   ')).json()).toMatchObject({ status: false, code: 'VALIDATION' });
    expect((await reply(other, '长'.repeat(2001))).json()).toMatchObject({ status: false, code: 'VALIDATION' });
  });

  it('refuses operators without the support or admin role, and members, at the operator calls', async () => {
    const judy = await newMember();
    const id = (await write(judy)).json().data.id as string;
    for (const call of [
      adminList('', finance),
      reply(id, '财务不该回复', finance),
      sut.post(closePath(id), {}, finance.headers),
    ]) {
      const answer = await call;
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ status: false, code: 'FORBIDDEN' });
    }
    const asMember = await sut.post(replyPath(id), { content: '会员冒充客服' }, judy.headers);
    expect(asMember.statusCode).toBe(401);
    expect((await detail(judy, id)).json().data).toMatchObject({ status: 'pending', reply: null });
    expect(await inbox(judy)).toEqual([]);
  });

  it('filters the operators’ list by status, category, member, account and day', async () => {
    const kim = await newMember();
    const kimAccount = (await sut.get(paths.token, kim.headers)).json().data.account as string;
    const a = (await write(kim, { category: 'game', content: '游戏问题反馈一' })).json().data.id as string;
    const b = (await write(kim, { category: 'account', content: '账号问题反馈二' })).json().data.id as string;
    await reply(b, '已处理');
    const ids = (query: string) =>
      adminList(query).then((response) => response.json().data.list.map((one: { id: string }) => one.id));

    expect(await ids(`memberId=${kim.id}`)).toEqual([b, a]);
    expect(await ids(`account=${kimAccount}`)).toEqual([b, a]);
    expect(await ids(`memberId=${kim.id}&status=replied`)).toEqual([b]);
    expect(await ids(`memberId=${kim.id}&status=pending&category=game`)).toEqual([a]);
    expect(await ids(`memberId=${kim.id}&category=deposit`)).toEqual([]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: sut.config.timeZone }).format(new Date());
    expect(await ids(`memberId=${kim.id}&from=${today}&to=${today}`)).toEqual([b, a]);
    expect(await ids(`memberId=${kim.id}&to=2020-01-01`)).toEqual([]);
    expect(await ids(`memberId=${kim.id}&from=2999-01-01`)).toEqual([]);
    const row = (await adminList(`memberId=${kim.id}&status=replied`)).json().data.list[0];
    expect(row).toMatchObject({ account: kimAccount, categoryName: '账号问题', reply: { content: '已处理' } });

    expect((await adminList('status=open')).json()).toMatchObject({ status: false, code: 'STATUS_UNKNOWN' });
    expect((await adminList('from=2026-13-45')).json()).toMatchObject({ status: false, code: 'DATE_INVALID' });
    expect((await adminList('from=yesterday')).json()).toMatchObject({ status: false, code: 'DATE_INVALID' });
  });

  it('writes the reply, its audit row and the inbox message together or not at all', async () => {
    const leo = await newMember();
    const id = (await write(leo)).json().data.id as string;
    // A trigger that refuses the message stands in for the inbox failing mid-reply.
    await sut.container.db.execute(sql`
      CREATE OR REPLACE FUNCTION refuse_feedback_message() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'inbox unavailable'; END $$`);
    await sut.container.db.execute(
      sql`CREATE TRIGGER refuse_feedback_message BEFORE INSERT ON messages FOR EACH ROW
        WHEN (NEW.template = 'feedback_replied') EXECUTE FUNCTION refuse_feedback_message()`,
    );
    try {
      const failed = await reply(id, '这条回复会失败');
      expect(failed.statusCode).toBe(500);
    } finally {
      await sut.container.db.execute(sql`DROP TRIGGER IF EXISTS refuse_feedback_message ON messages`);
    }
    expect((await detail(leo, id)).json().data).toMatchObject({ status: 'pending', reply: null });
    const audit = resultRows(
      await sut.container.db.execute(sql`select 1 from audit_log where target = ${`feedback:${id}`}`),
    );
    expect(audit).toHaveLength(0);
    expect(await inbox(leo)).toEqual([]);
  });
});
