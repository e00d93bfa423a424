import type { TournamentView } from '@bianshi/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { format } from '../../../i18n';
import { tabbycatLink as t } from '../../../i18n/zh-CN/tournament-allocation';
import { useTRPC } from '../../../lib/api/trpc';
import { toast } from '../../../lib/toast';
import { tournamentErrorMessage } from '../api/tournament-errors';
import { formatClockTime } from '../format';
import '../tabbycat-link.css';

/**
 * Tabbycat 同步 in the console (organizers): where the tournament is on a Tabbycat site (its
 * address, the tournament's slug and an API token, which the hub keeps and shows back only by
 * its last four characters), 拉取对阵 for a round Tabbycat has released, and 刷新对阵 after the
 * tab room changed it there: what was added, changed (teams, sides, venue, panel) or removed.
 * The API client's refusals show beside the form in Chinese.
 */
export function TabbycatLinkSection({ view }: { view: TournamentView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const info = useQuery(trpc.tournament.tabbycatLinkInfo.queryOptions({ tournamentId: view.id }));
  const linked = info.data ?? null;
  const [form, setForm] = useState<{ siteUrl: string; slug: string } | null>(null);
  const [token, setToken] = useState('');
  const [roundSeq, setRoundSeq] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const fields = form ?? { siteUrl: linked?.siteUrl ?? '', slug: linked?.tournamentSlug ?? '' };
  const refresh = () => {
    void queryClient.invalidateQueries({
      queryKey: trpc.tournament.tabbycatLinkInfo.queryKey({ tournamentId: view.id }),
    });
    void queryClient.invalidateQueries({ queryKey: trpc.tournament.get.queryKey({ slug: view.slug }) });
  };
  const link = useMutation({
    ...trpc.tournament.tabbycatLink.mutationOptions(),
    onError: (failure) => setError(tournamentErrorMessage(failure)),
    onSuccess: (result) => {
      toast.success(
        format(t.linked, {
          teams: result.teams,
          adjudicators: result.adjudicators,
          venues: result.venues,
          rounds: result.rounds.length,
        }),
      );
      setToken('');
      setForm(null);
      refresh();
    },
  });
  const pull = useMutation({
    ...trpc.tournament.tabbycatPullRound.mutationOptions(),
    onError: (failure) => setError(tournamentErrorMessage(failure)),
    onSuccess: (result) => {
      toast.success(
        result.published
          ? format(t.pulledNew, { round: result.roundName, n: result.rooms.length })
          : format(t.pulledAgain, { round: result.roundName, ...result.summary }),
      );
      refresh();
    },
  });
  const onLink = (event: FormEvent) => {
    event.preventDefault();
    if (!linked && !token.trim()) return setError(t.tokenRequired);
    setError(null);
    link.mutate({
      tournamentId: view.id,
      siteUrl: fields.siteUrl,
      tournamentSlug: fields.slug,
      token: token.trim(),
    });
  };
  const onPull = (seq: number) => {
    if (!Number.isInteger(seq) || seq < 1) return setError(t.roundRequired);
    setError(null);
    pull.mutate({ tournamentId: view.id, roundSeq: seq });
  };
  const result = pull.data;
  const busy = link.isPending || pull.isPending;
  return (
    <div className="tm-stack tm-tc" data-testid="tm-tc">
      <p className="tm-muted tm-small">{t.lead}</p>
      <p className="tm-small" data-testid="tm-tc-status">
        {linked ? (
          <>
            {format(t.linkedTo, { site: linked.siteUrl, slug: linked.tournamentSlug })}
            {' · '}
            {linked.pulledAt ? format(t.pulledAt, { at: formatClockTime(linked.pulledAt) }) : t.neverPulled}
          </>
        ) : (
          <span className="tm-muted">{t.notLinked}</span>
        )}
      </p>
      <form className="tm-tc__form" onSubmit={onLink} noValidate>
        <label className="tm-field">
          <span className="tm-field__label">{t.siteUrl}</span>
          <input
            className="input"
            type="url"
            inputMode="url"
            autoComplete="off"
            value={fields.siteUrl}
            placeholder={t.siteUrlPlaceholder}
            onChange={(event) => setForm({ ...fields, siteUrl: event.target.value })}
            data-testid="tm-tc-site"
          />
        </label>
        <label className="tm-field">
          <span className="tm-field__label">{t.slug}</span>
          <input
            className="input"
            autoComplete="off"
            value={fields.slug}
            placeholder={t.slugPlaceholder}
            onChange={(event) => setForm({ ...fields, slug: event.target.value })}
            data-testid="tm-tc-slug"
          />
        </label>
        <label className="tm-field">
          <span className="tm-field__label">{t.token}</span>
          <input
            className="input"
            type="password"
            autoComplete="off"
            value={token}
            placeholder={
              linked
                ? linked.tokenHint
                  ? format(t.tokenKept, { hint: linked.tokenHint })
                  : t.tokenKeptShort
                : t.tokenPlaceholder
            }
            onChange={(event) => setToken(event.target.value)}
            data-testid="tm-tc-token"
          />
        </label>
        <div className="tm-row">
          <button
            type="submit"
            className="btn btn--secondary btn--sm"
            disabled={busy}
            data-testid="tm-tc-link"
          >
            {link.isPending ? t.linking : linked ? t.relink : t.link}
          </button>
        </div>
      </form>
      {linked && (
        <div className="tm-row tm-row--end">
          <label className="tm-field tm-field--inline">
            <span className="tm-field__label">{t.round}</span>
            <input
              className="input tm-input--sm tm-tc__round"
              type="number"
              min={1}
              inputMode="numeric"
              value={roundSeq}
              placeholder={t.roundPlaceholder}
              onChange={(event) => setRoundSeq(event.target.value)}
              data-testid="tm-tc-round"
            />
          </label>
          <button
            type="button"
            className="btn btn--primary btn--sm"
            disabled={busy}
            onClick={() => onPull(Number(roundSeq))}
            data-testid="tm-tc-pull"
          >
            {pull.isPending ? t.pulling : t.pull}
          </button>
          {result && (
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              disabled={busy}
              onClick={() => onPull(pull.variables?.roundSeq ?? Number(roundSeq))}
              data-testid="tm-tc-refresh"
            >
              {t.refresh}
            </button>
          )}
        </div>
      )}
      {error && (
        <p className="tm-error" role="alert" data-testid="tm-tc-error">
          {error}
        </p>
      )}
      {result && (
        <div className="tm-stack" data-testid="tm-tc-result">
          <p className="tm-small" data-testid="tm-tc-summary">
            {result.published
              ? format(t.pulledNew, { round: result.roundName, n: result.rooms.length })
              : format(t.pulledAgain, { round: result.roundName, ...result.summary })}
            {result.lobby && (
              <>
                {' · '}
                <Link to={`/worldcup/${view.slug}/live/${result.roundId}`}>{t.openWall}</Link>
              </>
            )}
          </p>
          <div className="tm-table-scroll">
            <table className="tm-table">
              <caption className="tm-muted tm-small">{t.rooms}</caption>
              <tbody>
                {result.rooms.map((room) => (
                  <tr key={room.fixtureId} data-testid="tm-tc-room" data-change={room.change}>
                    <td>{room.venue || '—'}</td>
                    <td>
                      {room.closing
                        ? `OG ${room.aff} · OO ${room.neg} · CG ${room.closing.cg} · CO ${room.closing.co}`
                        : `${room.aff} vs ${room.neg}`}
                    </td>
                    <td className="tm-table__wrap">{room.judges.join('、')}</td>
                    <td>
                      <span className={room.change === 'unchanged' ? 'tm-chip' : 'tm-chip tm-chip--warn'}>
                        {t.change[room.change] ?? room.change}
                        {room.changed.length > 0 &&
                          `：${room.changed
                            .map((what) =>
                              room.closing && what === 'sides' ? t.changedSeats : (t.changed[what] ?? what),
                            )
                            .join('、')}`}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {result.removed.length > 0 && (
            <p className="tm-small tm-muted" data-testid="tm-tc-removed">
              {format(t.removed, {
                list: result.removed
                  .map((room) => `${room.venue || '—'} ${room.aff} vs ${room.neg}`)
                  .join('；'),
              })}
            </p>
          )}
          {result.motions.some((motion) => motion.released) && (
            <p className="tm-small tm-muted">
              {format(t.motions, {
                list: result.motions
                  .filter((motion) => motion.released)
                  .map((motion) => motion.text)
                  .join(' / '),
              })}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
