import { buildChain, deal, outcomeView } from '@jinb/casino';
import { casinoApi, type RoundView } from '@jinb/contract';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import { bettingRound } from '../casino.test-fixtures';
import VerifyPage from './VerifyPage';

const server = startMockApi();
const chain = buildChain('verify-page-test', 3);
const ROUND_PATH = casinoApi.casinoRound.replace(':id', '777');

function serve(round: RoundView) {
  server.use(http.get(at(ROUND_PATH), () => HttpResponse.json(ok(round))));
}

const settled = (over: Partial<RoundView> = {}): RoundView =>
  bettingRound({
    id: '777',
    table: 'SB1',
    game: 'sic_bo',
    number: 2,
    phase: 'settled',
    seed: chain.seeds[1]!,
    previousSeed: chain.seeds[0]!,
    outcome: outcomeView('sic_bo', deal('sic_bo', chain.seeds[1]!, 'SB1', 2)),
    ...over,
  });

const open = () => renderPage(<VerifyPage />, { route: `${paths.casinoVerify}?round=777`, path: paths.casinoVerify });

describe('VerifyPage', () => {
  test('When a settled round is opened, then its seed links to the chain, the re-deal matches, and the commands show', async () => {
    serve(settled());
    open();
    expect((await screen.findByTestId('verdict')).textContent).toBe(
      '验证通过：种子属于公布的种子链，且重算结果与记录一致',
    );
    expect(screen.getByTestId('hash').textContent).toBe(chain.seeds[0]);
    expect(screen.getByText(`printf %s ${chain.seeds[1]} | sha256sum`)).toBeTruthy();
    expect(screen.getByText(/sic_bo:SB1:2:0/)).toBeTruthy();
  });

  test('When the recorded outcome is not what the seed deals, then the verdict says so', async () => {
    const real = settled().outcome;
    const forged = real?.game === 'sic_bo' ? { ...real, dice: [6, 6, 6], total: 18 } : real;
    serve(settled({ outcome: forged }));
    open();
    expect((await screen.findByTestId('verdict')).textContent).toBe('验证失败：重算结果与记录不符');
  });

  test('When the round has not settled, then the page says the seed comes with the result', async () => {
    serve(settled({ phase: 'betting', seed: null, outcome: null }));
    open();
    expect(await screen.findByText('本局尚未开奖，种子开奖后公开')).toBeTruthy();
  });
});
