import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { type Operator, operator, signedInOperator } from '../test/wallet-fixtures';

describe.each(testDatabases)("an activity's texts for the console's form on %s", (kind) => {
  let sut: TestApp;
  let desk: Operator;
  beforeAll(async () => {
    sut = await createTestApp(kind);
    desk = await operator(sut);
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('answers the title, summary, content, picture and the other languages the list leaves out', async () => {
    const created = await sut.app.inject({
      method: 'POST',
      url: '/api/admin/v1/promotions/new',
      payload: {
        title: '周末红包',
        summary: '周末登录领红包',
        content: '第一段\n第二段',
        image: '/media/promo/weekend.png',
        kind: 'red_packet',
        minAmount: '1',
        maxAmount: '8',
        multiple: '1',
      },
      headers: desk.headers,
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.promoId as number;
    const listed = (await desk.get('/api/admin/v1/promotions'))
      .json()
      .data.find((one: { promoId: number }) => one.promoId === id);
    expect(listed).not.toHaveProperty('content');

    const texts = await sut.app.inject({
      method: 'PUT',
      url: `/api/admin/v1/promos/${id}/texts`,
      payload: { i18n: { 'zh-HK': { title: '週末紅包' } } },
      headers: desk.headers,
    });
    expect(texts.statusCode).toBe(200);

    const answer = await desk.get(`/api/admin/v1/promotions/${id}/texts`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({
      promoId: id,
      title: '周末红包',
      summary: '周末登录领红包',
      content: '第一段\n第二段',
      image: '/media/promo/weekend.png',
      i18n: { 'zh-HK': { title: '週末紅包' } },
    });

    const agent = await signedInOperator(sut, 'support');
    expect((await sut.get(`/api/admin/v1/promotions/${id}/texts`, agent.headers)).statusCode).toBe(200);
  });

  it('answers NOT_FOUND for an activity that does not exist, and nothing without an operator session', async () => {
    const missing = await desk.get('/api/admin/v1/promotions/987654/texts');
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'NOT_FOUND']);
    expect((await sut.get('/api/admin/v1/promotions/1/texts')).statusCode).toBe(401);
  });
});
