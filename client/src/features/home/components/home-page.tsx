import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { TRPCClientError } from '@trpc/client';
import { dateTimeFormat, format } from '../../../i18n';
import { auth as authText } from '../../../i18n/zh-CN/auth';
import { home as homeText } from '../../../i18n/zh-CN/home';
import { IconArrowRight, IconClock, IconKey, IconScreens, IconSparkle } from '../../../components/ui/icons';
import { toAppError } from '../../../lib/api/errors';
import {
  useAccount,
  useClaimDevice,
  useClaimTimer,
  useDeviceClaimables,
  useMyLobbies,
  useOverview,
} from '../api/home-queries';
import { parseClaimInput } from '../claim-input';
import { PlanSummary } from './plan-summary';
import '../home.css';

const t = authText.home;
const roles = authText.roles;

function errorText(error: unknown): string {
  return error instanceof TRPCClientError && /[\u4e00-\u9fa5]/.test(error.message)
    ? error.message
    : toAppError(error).message;
}

/** /home (main layout): my timers, recent matches, my lobbies, my plan, a button to create a timer. */
export function HomePage() {
  const account = useAccount();
  const overview = useOverview(Boolean(account.data));
  const claimables = useDeviceClaimables(Boolean(account.data));
  const myLobbies = useMyLobbies(Boolean(account.data));
  const user = account.data;
  if (!user) return null;
  const timers = overview.data?.timers ?? [];
  const matches = overview.data?.recentMatches ?? [];

  return (
    <div className="home">
      <header className="home__head">
        <div>
          <h1 className="home__title">
            {format(t.greeting, { name: user.displayName || user.email.split('@')[0] || user.email })}
          </h1>
          <p className="home__lead">{t.lead}</p>
        </div>
        <Link to="/create" className="btn btn--primary btn--lg home__create">
          <IconSparkle />
          {t.create}
        </Link>
      </header>

      <DeviceClaims timers={claimables.timers} lobbies={claimables.lobbies} />
      <div className="home__grid">
        <section className="home-card home-card--timers" aria-labelledby="home-timers">
          <h2 id="home-timers" className="home-card__title">
            <IconClock />
            {t.timers}
          </h2>
          {overview.isPending ? (
            <div className="home-card__loading" aria-busy="true" />
          ) : timers.length === 0 ? (
            <p className="home-card__empty">{t.timersEmpty}</p>
          ) : (
            <ul className="home-timers">
              {timers.map((timer) => (
                <li key={timer.id} className="home-timer">
                  <div className="home-timer__main">
                    <span className="home-timer__name">{timer.name}</span>
                    <span className="home-timer__meta">
                      <span className="home-role" data-role={timer.role}>
                        {roles[timer.role]}
                      </span>
                      {format(t.updated, { time: dateTimeFormat.format(new Date(timer.updatedAt)) })}
                    </span>
                  </div>
                  <div className="home-timer__actions">
                    <Link to={`/timer/${timer.id}`} className="btn btn--ghost btn--sm">
                      <IconScreens />
                      {t.openDisplay}
                    </Link>
                    <Link to={`/timer/manage/${timer.shortid}`} className="btn btn--primary btn--sm">
                      {t.openConsole}
                      <IconArrowRight />
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <ClaimForm />
        </section>

        <section className="home-card" aria-labelledby="home-matches">
          <h2 id="home-matches" className="home-card__title">
            {t.matches}
          </h2>
          {matches.length === 0 ? (
            <p className="home-card__empty">{t.matchesEmpty}</p>
          ) : (
            <ul className="home-matches">
              {matches.map((match) => (
                <li key={match.id}>
                  <Link to={`/timer/${match.timerId}/${match.id}`} className="home-match">
                    <span className="home-match__name">{match.timerName}</span>
                    <span className="home-match__status" data-status={match.status}>
                      {t.matchStatus[match.status] ?? match.status}
                    </span>
                    <span className="home-match__time">
                      {dateTimeFormat.format(new Date(match.updatedAt))}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="home-card" aria-labelledby="home-lobbies">
          <h2 id="home-lobbies" className="home-card__title">
            {t.lobbies}
          </h2>
          {(myLobbies.data ?? []).length === 0 ? (
            <p className="home-card__empty">{t.lobbiesEmpty}</p>
          ) : (
            <ul className="home-matches" data-testid="home-lobbies">
              {(myLobbies.data ?? []).map((lobby) => (
                <li key={lobby.id}>
                  <Link to={`/lobby/${lobby.id}`} className="home-match">
                    <span className="home-match__name">{lobby.name}</span>
                    <span className="home-match__status">{lobby.expired ? t.lobbyExpired : lobby.code}</span>
                    <span className="home-match__time">{format(t.lobbyTimers, { n: lobby.timerCount })}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <Link to="/lobby" className="btn btn--ghost btn--sm home-card__action">
            {t.lobbiesAction}
            <IconArrowRight />
          </Link>
        </section>

        <section className="home-card home-card--plan" aria-labelledby="home-plan">
          <h2 id="home-plan" className="home-card__title">
            {t.plan}
          </h2>
          <PlanSummary />
        </section>

        <nav className="home-card home-card--tools" aria-labelledby="home-tools">
          <h2 id="home-tools" className="home-card__title">
            {homeText.tools.title}
          </h2>
          <ul className="home-tools">
            {homeText.tools.items.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="home-tool">
                  <span className="home-tool__name">{item.name}</span>
                  <span className="home-tool__hint">{item.hint}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}

/**
 * What this device made before signing in (it holds their control cookies) and no account owns:
 * offered for claiming in one go, or one by one.
 */
function DeviceClaims({
  timers,
  lobbies,
}: {
  timers: { id: string; name: string }[];
  lobbies: { id: string; name: string; code: string }[];
}) {
  const claim = useClaimDevice();
  if (timers.length === 0 && lobbies.length === 0) return null;
  const run = (timerIds: string[], lobbyIds: string[]) =>
    claim.mutate(
      { timerIds, lobbyIds },
      {
        onSuccess: ({ claimed, failed }) => {
          if (claimed > 0) toast.success(format(t.device.claimed, { n: claimed }));
          if (failed > 0) toast.error(format(t.device.failed, { n: failed }));
        },
      },
    );
  return (
    <section className="home-card home-device" aria-labelledby="home-device" data-testid="home-device-claims">
      <h2 id="home-device" className="home-card__title">
        <IconKey />
        {t.device.title}
      </h2>
      <p className="home-card__empty">{t.device.lead}</p>
      <ul className="home-timers">
        {timers.map((timer) => (
          <li key={timer.id} className="home-timer">
            <div className="home-timer__main">
              <span className="home-timer__name">{timer.name}</span>
              <span className="home-timer__meta">{t.device.timer}</span>
            </div>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              disabled={claim.isPending}
              onClick={() => run([timer.id], [])}
            >
              {t.claimSubmit}
            </button>
          </li>
        ))}
        {lobbies.map((lobby) => (
          <li key={lobby.id} className="home-timer">
            <div className="home-timer__main">
              <span className="home-timer__name">{lobby.name}</span>
              <span className="home-timer__meta">{format(t.device.lobby, { code: lobby.code })}</span>
            </div>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              disabled={claim.isPending}
              onClick={() => run([], [lobby.id])}
            >
              {t.claimSubmit}
            </button>
          </li>
        ))}
      </ul>
      {timers.length + lobbies.length > 1 ? (
        <button
          type="button"
          className="btn btn--primary btn--sm home-card__action"
          disabled={claim.isPending}
          onClick={() =>
            run(
              timers.map((timer) => timer.id),
              lobbies.map((lobby) => lobby.id),
            )
          }
        >
          {format(t.device.claimAll, { n: timers.length + lobbies.length })}
        </button>
      ) : null}
    </section>
  );
}

/** Claims a timer created anonymously on this device (control link or short id). */
function ClaimForm() {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const claim = useClaimTimer();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseClaimInput(value);
    if (!parsed) {
      setError(t.claimInvalid);
      return;
    }
    setError(null);
    claim.mutate(parsed, {
      onSuccess: (timer) => {
        setValue('');
        toast.success(format(t.claimed, { name: timer.name }));
      },
      onError: (caught) => setError(errorText(caught)),
    });
  };
  return (
    <form className="home-claim" onSubmit={submit}>
      <h3 className="home-claim__title">
        <IconKey />
        {t.claim}
      </h3>
      <p className="home-claim__lead">{t.claimLead}</p>
      <div className="home-claim__row">
        <input
          className="input"
          value={value}
          placeholder={t.claimPlaceholder}
          aria-label={t.claimPlaceholder}
          aria-invalid={error !== null}
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" className="btn btn--secondary" disabled={claim.isPending}>
          {t.claimSubmit}
        </button>
      </div>
      {error ? (
        <p className="home-claim__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
