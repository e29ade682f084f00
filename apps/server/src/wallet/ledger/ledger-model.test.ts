import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorActor } from '../../admin/operator-actor';
import { AppError } from '../../shared/app-error';
import { createTestApp, type TestApp } from '../../test/test-app';
import { operator, walletMember } from '../../test/wallet-fixtures';

type Op =
  | { kind: 'deposit'; cents: number }
  | { kind: 'withdraw'; cents: number }
  | { kind: 'cancel' | 'refuse' | 'pay'; pick: number }
  | { kind: 'toVenue' | 'fromVenue'; cents: number };

const cents = fc.integer({ min: 1, max: 300_000 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), cents }),
  fc.record({ kind: fc.constant('withdraw' as const), cents }),
  fc.record({ kind: fc.constantFrom('cancel' as const, 'refuse' as const, 'pay' as const), pick: fc.nat(20) }),
  fc.record({ kind: fc.constantFrom('toVenue' as const, 'fromVenue' as const), cents }),
);

const units = (value: number) => BigInt(value) * 100n;
/** The seeded operator (the first one), acting from the test's address. */
const desk: OperatorActor = { id: 1n, account: 'admin', role: 'admin', ip: '127.0.0.1' };

describe('the ledger against an in-memory model', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp('pglite');
    const desk = await operator(sut);
    await desk.settings({
      flowMultiple: '0',
      withdrawMin: '0.0100',
      withdrawMax: '10000000.0000',
      withdrawDailyCount: 1000,
      withdrawDailyAmount: '100000000.0000',
    });
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('matches the model exactly after every step of random sequences, and never goes negative', async () => {
    const { wallet } = sut.container;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 25 }), async (ops) => {
        const member = await walletMember(sut);
        const memberId = BigInt(member.id);
        const model = { main: 0n, frozen: 0n, venue: 0n, open: [] as Array<{ id: bigint; amount: bigint }> };
        const expectRefusal = async (work: Promise<unknown>, code: string) => {
          await expect(work).rejects.toSatisfy((error) => error instanceof AppError && error.code === code);
        };

        for (const step of ops) {
          if (step.kind === 'deposit') {
            await wallet.admin.adjust(desk, memberId, randomUUID(), units(step.cents), 'model deposit');
            model.main += units(step.cents);
          } else if (step.kind === 'withdraw') {
            const amount = units(step.cents);
            const work = wallet.withdrawals.create(memberId, randomUUID(), {
              amount,
              cardId: Number(member.cardId),
              password: '123456',
            });
            if (model.main >= amount) {
              const created = await work;
              model.main -= amount;
              model.frozen += amount;
              model.open.push({ id: BigInt(created.id), amount });
            } else {
              await expectRefusal(work, 'INSUFFICIENT_FUNDS');
            }
          } else if (step.kind === 'toVenue' || step.kind === 'fromVenue') {
            const amount = units(step.cents);
            const out = step.kind === 'toVenue';
            const work = wallet.venues.transfer(memberId, randomUUID(), {
              from: out ? 'main' : 'house',
              to: out ? 'house' : 'main',
              amount,
            });
            if ((out ? model.main : model.venue) >= amount) {
              await work;
              model.main += out ? -amount : amount;
              model.venue += out ? amount : -amount;
            } else {
              await expectRefusal(work, 'INSUFFICIENT_FUNDS');
            }
          } else if (
            model.open.length > 0 &&
            (step.kind === 'cancel' || step.kind === 'refuse' || step.kind === 'pay')
          ) {
            const [picked] = model.open.splice(step.pick % model.open.length, 1);
            if (!picked) continue;
            if (step.kind === 'cancel') await wallet.withdrawals.cancel(memberId, picked.id);
            else if (step.kind === 'refuse') await wallet.withdrawals.refuse(desk, picked.id, 'model refusal');
            else await wallet.withdrawals.pay(desk, picked.id);
            model.frozen -= picked.amount;
            if (step.kind !== 'pay') model.main += picked.amount;
          }

          const balances = await wallet.ledger.balances(memberId);
          const of = (kind: string) => balances.find((account) => account.kind === kind)?.balance ?? 0n;
          expect({ main: of('main'), frozen: of('frozen'), venue: of('venue:house') }).toEqual({
            main: model.main,
            frozen: model.frozen,
            venue: model.venue,
          });
          for (const account of balances) expect(account.balance >= 0n).toBe(true);
        }
      }),
      { numRuns: 20 },
    );
    const check = await wallet.admin.ledgerCheck();
    expect(check).toMatchObject({ ok: true, sumOfAllBalances: '0.0000' });
  }, 300_000);
});
