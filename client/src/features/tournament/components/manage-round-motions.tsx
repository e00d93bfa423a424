import {
  MAX_ROUND_MOTIONS,
  motionLabel,
  roundMotionsSchema,
  type RoundMotion,
  type TournamentRound,
  type TournamentView,
} from '@bianshi/shared';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { format } from '../../../i18n';
import { roundMotions as t } from '../../../i18n/zh-CN/tournament-motions';
import type { TournamentActions } from '../api/use-tournament-actions';
import { formatClockTime } from '../format';
import { teamNameOf, teamsById } from '../view-model';

interface Draft {
  key: string;
  id?: string;
  reference: string;
  text: string;
  infoSlide: string;
}

let drafted = 0;
const blank = (): Draft => ({ key: `new-${(drafted += 1)}`, reference: '', text: '', infoSlide: '' });
const draftOf = (motion: RoundMotion): Draft => ({
  key: motion.id,
  id: motion.id,
  reference: motion.reference,
  text: motion.text,
  infoSlide: motion.infoSlide,
});

/**
 * 本轮辩题: a round's motions (several for prep by motion, each with an info slide), edited as a
 * list, released together, and — when there are several — the one each published room debated.
 */
export function RoundMotions({
  view,
  round,
  actions,
}: {
  view: TournamentView;
  round: TournamentRound;
  actions: TournamentActions;
}) {
  const [drafts, setDrafts] = useState<Draft[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [releaseAt, setReleaseAt] = useState('');
  const confirm = useConfirm();
  const motions = round.motions;
  const released = motions.filter((motion) => motion.released);
  const pending = motions.length - released.length;

  const save = () => {
    if (!drafts) return;
    const parsed = roundMotionsSchema.safeParse(
      drafts.map(({ id, reference, text, infoSlide }) => ({
        ...(id ? { id } : {}),
        reference,
        text,
        infoSlide,
      })),
    );
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const row =
        typeof issue?.path[0] === 'number' ? `${format(t.numbered, { n: issue.path[0] + 1 })}：` : '';
      setError(`${row}${issue?.message ?? ''}`);
      return;
    }
    setError(null);
    actions.setRoundMotions.mutate(
      { tournamentId: view.id, roundId: round.id, motions: parsed.data },
      { onSuccess: () => (setDrafts(null), void toast.success(t.saved)) },
    );
  };
  const release = async () => {
    if (
      !(await confirm.ask({ title: t.releaseConfirm, body: t.releaseConfirmBody, confirmLabel: t.release }))
    )
      return;
    const at = releaseAt ? new Date(releaseAt).getTime() : undefined;
    actions.releaseRoundMotions.mutate(
      { tournamentId: view.id, roundId: round.id, ...(at ? { at } : {}) },
      {
        onSuccess: (result) =>
          void toast.success(
            at && at > Date.now()
              ? format(t.scheduledToast, { time: formatClockTime(at) })
              : format(t.releasedToast, { n: result.released }),
          ),
      },
    );
  };
  const edit = (key: string, patch: Partial<Draft>) =>
    setDrafts((list) => list?.map((draft) => (draft.key === key ? { ...draft, ...patch } : draft)) ?? null);

  if (drafts)
    return (
      <section className="tm-motions" data-testid="tm-motions" aria-label={t.title}>
        <h4 className="tm-motions__title">{t.title}</h4>
        <p className="tm-field__hint">{t.hint}</p>
        <ol className="tm-motions__edit">
          {drafts.map((draft, index) => (
            <li key={draft.key} className="tm-motions__draft" data-testid="tm-motion-draft">
              <div className="tm-row">
                <strong>{format(t.numbered, { n: index + 1 })}</strong>
                <input
                  className="input tm-input--sm"
                  value={draft.reference}
                  maxLength={40}
                  placeholder={t.referencePlaceholder}
                  aria-label={t.reference}
                  onChange={(e) => edit(draft.key, { reference: e.target.value })}
                />
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  onClick={() => setDrafts(drafts.filter((other) => other.key !== draft.key))}
                >
                  {t.remove}
                </button>
              </div>
              <label className="tm-field">
                <span className="tm-field__label">{t.text}</span>
                <textarea
                  className="input tm-textarea"
                  rows={2}
                  value={draft.text}
                  onChange={(e) => edit(draft.key, { text: e.target.value })}
                />
              </label>
              <label className="tm-field">
                <span className="tm-field__label">{t.infoSlide}</span>
                <textarea
                  className="input tm-textarea"
                  rows={2}
                  value={draft.infoSlide}
                  onChange={(e) => edit(draft.key, { infoSlide: e.target.value })}
                />
              </label>
            </li>
          ))}
        </ol>
        {error && (
          <p className="tm-field__error" role="alert">
            {error}
          </p>
        )}
        <div className="tm-row">
          {drafts.length < MAX_ROUND_MOTIONS ? (
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={() => setDrafts([...drafts, blank()])}
            >
              {t.add}
            </button>
          ) : (
            <span className="tm-muted tm-small">{format(t.max, { n: MAX_ROUND_MOTIONS })}</span>
          )}
          <button
            type="button"
            className="btn btn--primary btn--sm"
            disabled={actions.setRoundMotions.isPending}
            onClick={save}
            data-testid="tm-motions-save"
          >
            {actions.setRoundMotions.isPending ? t.saving : t.save}
          </button>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => (setDrafts(null), setError(null))}
          >
            {t.cancel}
          </button>
        </div>
      </section>
    );

  return (
    <section className="tm-motions" data-testid="tm-motions" aria-label={t.title}>
      {confirm.dialog}
      <div className="tm-row">
        <h4 className="tm-motions__title">{t.title}</h4>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => setDrafts(motions.length ? motions.map(draftOf) : [blank()])}
          data-testid="tm-motions-edit"
        >
          {motions.length ? t.edit : t.addFirst}
        </button>
        {pending > 0 && (
          <>
            <label className="tm-row tm-small">
              <span className="tm-muted">{t.releaseAt}</span>
              <input
                className="input tm-input--sm"
                type="datetime-local"
                value={releaseAt}
                onChange={(e) => setReleaseAt(e.target.value)}
                data-testid="tm-motions-release-at"
              />
            </label>
            <button
              type="button"
              className="btn btn--primary btn--sm"
              disabled={actions.releaseRoundMotions.isPending}
              onClick={() => void release()}
              data-testid="tm-motions-release"
            >
              {releaseAt ? t.schedule : t.release}
            </button>
          </>
        )}
      </div>
      {motions.length > 0 && (
        <ol className="tm-motions__list">
          {motions.map((motion) => (
            <li key={motion.id} data-testid="tm-motion">
              <p className="tm-motions__text">
                {motion.reference && <strong>{motion.reference} · </strong>}
                {motion.text}
                <span className="tm-chip">
                  {motion.releasedAt === null
                    ? t.unreleased
                    : format(motion.released ? t.releasedAt : t.scheduled, {
                        time: formatClockTime(motion.releasedAt),
                      })}
                </span>
              </p>
              {motion.infoSlide && (
                <details className="tm-small">
                  <summary>{t.infoSlideShow}</summary>
                  <p className="tm-motions__slide">{motion.infoSlide}</p>
                </details>
              )}
            </li>
          ))}
        </ol>
      )}
      {motions.length > 1 && round.status === 'published' && (
        <RoomMotions view={view} round={round} actions={actions} />
      )}
    </section>
  );
}

/** 各场辩题: which of the round's motions each room debated. */
function RoomMotions({
  view,
  round,
  actions,
}: {
  view: TournamentView;
  round: TournamentRound;
  actions: TournamentActions;
}) {
  const teams = teamsById(view);
  return (
    <details className="tm-small" data-testid="tm-room-motions">
      <summary>{t.rooms}</summary>
      <p className="tm-field__hint">{t.roomsHint}</p>
      <ul className="tm-motions__rooms">
        {round.fixtures.map((fixture) => {
          const room = format(t.room, {
            aff: teamNameOf(teams, fixture.affTeamId),
            neg: teamNameOf(teams, fixture.negTeamId),
          });
          return (
            <li key={fixture.id} className="tm-row">
              <span>
                {fixture.venue && <span className="tm-muted">{fixture.venue} · </span>}
                {room}
              </span>
              <select
                className="input tm-input--sm"
                aria-label={`${t.rooms}：${room}`}
                value={fixture.motionId ?? ''}
                onChange={(e) =>
                  actions.setFixtureMotion.mutate(
                    { tournamentId: view.id, fixtureId: fixture.id, motionId: e.target.value || null },
                    { onSuccess: () => void toast.success(t.chosen) },
                  )
                }
              >
                <option value="">{t.notChosen}</option>
                {round.motions.map((motion) => (
                  <option key={motion.id} value={motion.id}>
                    {motionLabel(motion)}
                  </option>
                ))}
              </select>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
