import { CASINO_GAMES, type CasinoGame, type RoundOutcome } from '@jinb/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { type FormEvent, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paths } from '../../../shared/paths';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { roundQuery } from '../casino.api';
import { OutcomeView } from '../components/OutcomeView';
import { type VerifyInput, type VerifyReport, verifyRound } from '../verify/verify';
import '../casino.locale';
import styles from '../casino.module.css';

/**
 * /casino/verify: checks a round in the member's own browser with the dealing code the server uses (@jinb/casino,
 * loaded with this page only). `?round=<id>` fetches the round; a seed, table and round number can also be typed in.
 */
export default function VerifyPage() {
  const { t } = useTranslation('casino');
  const [params, setParams] = useSearchParams();
  const roundId = params.get('round') ?? '';
  const [typedId, setTypedId] = useState(roundId);
  const [manual, setManual] = useState<VerifyInput | null>(null);

  const load = (event: FormEvent) => {
    event.preventDefault();
    setManual(null);
    setParams(typedId.trim() ? { round: typedId.trim() } : {}, { replace: true });
  };

  return (
    <div className={styles.verifyPage}>
      <PageHeader title={t('verify.title')} fallback={paths.home} />
      <p className={styles.verifyIntro}>{t('verify.intro')}</p>
      <form className={styles.verifyForm} onSubmit={load}>
        <label htmlFor="verify-round">{t('verify.roundId')}</label>
        <div className={styles.verifyRow}>
          <input
            id="verify-round"
            inputMode="numeric"
            value={typedId}
            onChange={(event) => setTypedId(event.target.value.replace(/\D/g, ''))}
          />
          <Button type="submit" size="small" color="primary" shape="rounded">
            {t('verify.load')}
          </Button>
        </div>
      </form>
      {!manual && roundId && <FetchedRound id={roundId} />}
      <ManualForm onCheck={setManual} />
      {manual && <Report input={manual} />}
    </div>
  );
}

function FetchedRound({ id }: { id: string }) {
  const { t } = useTranslation('casino');
  const round = useQuery(roundQuery(id));
  if (round.isPending) return <LoadingState minHeight={160} />;
  if (round.isError) {
    const unknown = round.error instanceof ApiError && round.error.code === 'ROUND_UNKNOWN';
    return (
      <ErrorState message={unknown ? t('verify.notFound') : round.error.message} onRetry={() => void round.refetch()} />
    );
  }
  const data = round.data;
  if (!data.seed) return <p className={styles.verifyNote}>{t('verify.notRevealed')}</p>;
  return (
    <Report
      input={{
        game: data.game,
        table: data.table,
        number: data.number,
        seed: data.seed,
        previousSeed: data.previousSeed,
        recorded: data.outcome,
      }}
    />
  );
}

function ManualForm({ onCheck }: { onCheck: (input: VerifyInput) => void }) {
  const { t } = useTranslation('casino');
  const [game, setGame] = useState<CasinoGame>('baccarat');
  const [seed, setSeed] = useState('');
  const [previous, setPrevious] = useState('');
  const [table, setTable] = useState('BAC1');
  const [number, setNumber] = useState('1');
  return (
    <details className={styles.rules}>
      <summary>{t('verify.manual')}</summary>
      <form
        className={styles.verifyForm}
        onSubmit={(event) => {
          event.preventDefault();
          onCheck({
            game,
            table: table.trim().toUpperCase(),
            number: Number(number),
            seed,
            previousSeed: previous || null,
            recorded: null,
          });
        }}
      >
        <label htmlFor="verify-game">{t('verify.game')}</label>
        <select id="verify-game" value={game} onChange={(event) => setGame(event.target.value as CasinoGame)}>
          {CASINO_GAMES.map((value) => (
            <option key={value} value={value}>
              {t(`games.${value}`)}
            </option>
          ))}
        </select>
        <label htmlFor="verify-table">{t('verify.table')}</label>
        <input id="verify-table" value={table} onChange={(event) => setTable(event.target.value)} />
        <label htmlFor="verify-number">{t('verify.number')}</label>
        <input
          id="verify-number"
          inputMode="numeric"
          value={number}
          onChange={(event) => setNumber(event.target.value.replace(/\D/g, ''))}
        />
        <label htmlFor="verify-seed">{t('verify.seed')}</label>
        <textarea id="verify-seed" rows={2} value={seed} onChange={(event) => setSeed(event.target.value.trim())} />
        <label htmlFor="verify-previous">{t('verify.previousSeed')}</label>
        <textarea
          id="verify-previous"
          rows={2}
          value={previous}
          onChange={(event) => setPrevious(event.target.value.trim())}
        />
        <Button type="submit" block color="primary" shape="rounded">
          {t('verify.check')}
        </Button>
      </form>
    </details>
  );
}

function Report({ input }: { input: VerifyInput }) {
  const { t } = useTranslation('casino');
  const report: VerifyReport = useMemo(() => verifyRound(input), [input]);
  const reasons = report.reasons
    .map((reason) => t(`verify.reason${reason === 'seed' ? 'Seed' : reason === 'hash' ? 'Hash' : 'Deal'}`))
    .join('；');
  const seed = input.seed.trim();
  return (
    <section className={styles.report} aria-label={t('verify.title')}>
      <p
        className={`${styles.verdict} ${report.verdict === 'ok' ? styles.verdictOk : report.verdict === 'bad' ? styles.verdictBad : ''}`}
        data-testid="verdict"
      >
        {report.verdict === 'ok'
          ? t('verify.verdictOk')
          : report.verdict === 'bad'
            ? t('verify.verdictBad', { reason: reasons })
            : t('verify.noPrevious')}
      </p>
      <dl className={styles.facts}>
        <dt>{t('verify.game')}</dt>
        <dd>
          {t(`games.${input.game}`)} · {input.table} · {t('round', { number: input.number })}
        </dd>
        <dt>{t('verify.seed')}</dt>
        <dd className={styles.mono}>{seed}</dd>
      </dl>

      <h2 className={styles.stepTitle}>{t('verify.stepHash')}</h2>
      <dl className={styles.facts}>
        <dt>{t('verify.hashComputed')}</dt>
        <dd className={styles.mono} data-testid="hash">
          {report.hash ?? '--'}
        </dd>
        <dt>{t('verify.previousSeed')}</dt>
        <dd className={styles.mono}>{input.previousSeed ?? '--'}</dd>
      </dl>
      <Mark ok={report.hashMatches} />

      <h2 className={styles.stepTitle}>{t('verify.stepDeal')}</h2>
      <div className={styles.compare}>
        <div>
          <h3>{t('verify.computed')}</h3>
          {report.dealt ? <OutcomeView outcome={report.dealt} /> : '--'}
        </div>
        {input.recorded && (
          <div>
            <h3>{t('verify.recorded')}</h3>
            <OutcomeView outcome={input.recorded as RoundOutcome} />
          </div>
        )}
      </div>
      <Mark ok={report.dealMatches} />

      <h2 className={styles.stepTitle}>{t('verify.commands')}</h2>
      <p className={styles.verifyNote}>{t('verify.commandHash')}</p>
      <pre className={styles.command}>printf %s {seed} | sha256sum</pre>
      <p className={styles.verifyNote}>{t('verify.commandHmac', { message: report.hmacMessage.slice(0, -2) })}</p>
      <pre className={styles.command}>
        printf %s &apos;{report.hmacMessage}&apos; | openssl dgst -sha256 -hmac {seed}
      </pre>
      <p className={styles.verifyNote}>{t('verify.checkedInBrowser')}</p>
    </section>
  );
}

function Mark({ ok }: { ok: boolean | null }) {
  const { t } = useTranslation('casino');
  if (ok === null) return null;
  return (
    <p className={ok ? styles.markOk : styles.markBad}>{ok ? `✓ ${t('verify.match')}` : `✗ ${t('verify.mismatch')}`}</p>
  );
}
