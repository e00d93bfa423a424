import type { TournamentTeam } from '@bianshi/shared';
import { useState, type DragEvent } from 'react';
import { toast } from '../../../lib/toast';
import { format } from '../../../i18n';
import { tournament as tournamentText } from '../../../i18n/zh-CN/tournament';
import { swiss } from '../../../i18n/zh-CN/tournament-swiss';
import { formatClockTime } from '../format';
import { teamsById } from '../view-model';
import type { SectionProps } from './manage-page';

const t = tournamentText.draw;
const POOL_NAMES = 'ABCDEFGHIJKLMNOP';

/** A pool on the board. */
interface BoardPool {
  name: string;
  teamIds: string[];
}

/** A seed anyone can type back in: 8 letters and digits. */
export function randomSeed(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => alphabet[b % alphabet.length]).join('');
}

/** A draw's seed (as the hub takes it: at most 64 characters) with a button for a fresh one. */
export function SeedField({
  label,
  rerollLabel,
  seed,
  onChange,
  testId,
}: {
  label: string;
  rerollLabel: string;
  seed: string;
  onChange: (seed: string) => void;
  testId: string;
}) {
  return (
    <>
      <label className="tm-field tm-field--inline">
        <span className="tm-field__label">{label}</span>
        <input
          className="input tm-mono"
          value={seed}
          maxLength={64}
          onChange={(event) => onChange(event.target.value.trim())}
          data-testid={testId}
        />
      </label>
      <button type="button" className="btn btn--ghost btn--sm" onClick={() => onChange(randomSeed())}>
        {rerollLabel}
      </button>
    </>
  );
}

/** Moves a team to pool `to` (-1: unassigned) on a board. */
export function moveTeam(pools: BoardPool[], teamId: string, to: number): BoardPool[] {
  return pools.map((pool, index) => {
    const without = pool.teamIds.filter((id) => id !== teamId);
    return index === to ? { ...pool, teamIds: [...without, teamId] } : { ...pool, teamIds: without };
  });
}

/**
 * 赛制与抽签: round robin in pools, or Swiss rounds drawn one at a time. Before either exists
 * both are offered; once one exists, only its controls show.
 */
export function DrawSection(props: SectionProps) {
  const group = props.view.stages.find((stage) => stage.kind === 'group');
  if (group && group.pools.length === 0) return <SwissRounds {...props} />;
  if (group) return <PoolDraw {...props} />;
  return (
    <div className="tm-stack">
      <p className="tm-muted">{swiss.modePools}</p>
      <PoolDraw {...props} />
      <h3 className="tm-subtitle tm-subtitle--small">{swiss.swissTitle}</h3>
      <p className="tm-muted">{swiss.modeSwiss}</p>
      <SwissRounds {...props} />
    </div>
  );
}

/** Adds Swiss rounds (random or power-paired), each drawn in 轮次 when its turn comes. */
function SwissRounds({ view, actions }: SectionProps) {
  const [kind, setKind] = useState<'power' | 'random'>(view.rounds.length === 0 ? 'random' : 'power');
  const [name, setName] = useState('');
  const count = view.rounds.filter(
    (round) => round.drawKind === 'random' || round.drawKind === 'power',
  ).length;
  const add = () =>
    actions.addRound.mutate(
      { tournamentId: view.id, round: { drawKind: kind, ...(name.trim() ? { name: name.trim() } : {}) } },
      {
        onSuccess: () => {
          toast.success(swiss.roundAdded);
          setName('');
          setKind('power');
        },
      },
    );
  return (
    <div className="tm-stack" data-testid="tm-swiss">
      {count > 0 && <p className="tm-muted">{format(swiss.swissRounds, { n: count })}</p>}
      <div className="tm-row tm-row--end">
        <label className="tm-field tm-field--inline">
          <span className="tm-field__label">{swiss.roundKind}</span>
          <select
            className="input"
            value={kind}
            onChange={(event) => setKind(event.target.value as 'power' | 'random')}
            data-testid="tm-round-kind"
          >
            <option value="random">{swiss.kinds.random}</option>
            <option value="power">{swiss.kinds.power}</option>
          </select>
        </label>
        <label className="tm-field tm-field--inline">
          <span className="tm-field__label">{swiss.roundNameLabel}</span>
          <input
            className="input"
            value={name}
            maxLength={40}
            placeholder={swiss.roundNamePlaceholder}
            onChange={(event) => setName(event.target.value)}
            data-testid="tm-round-name"
          />
        </label>
        <button
          type="button"
          className="btn btn--primary btn--sm"
          disabled={actions.addRound.isPending}
          onClick={add}
          data-testid="tm-add-round"
        >
          {swiss.addRound}
        </button>
      </div>
    </div>
  );
}

/**
 * Pools: a seeded random draw (the seed shown and recorded, so anyone can check it), or pools
 * set by hand — drag a team to another pool, or pick the pool from its menu (keyboard, phone).
 */
function PoolDraw({ view, actions }: SectionProps) {
  const group = view.stages.find((stage) => stage.kind === 'group');
  const locked = view.rounds.some((round) => round.stageId === group?.id && round.status === 'published');
  const [poolCount, setPoolCount] = useState(() => String(Math.max(1, group?.pools.length || 2)));
  const [seed, setSeed] = useState(randomSeed);
  const [board, setBoard] = useState<BoardPool[] | null>(null);
  const teams = teamsById(view);

  const count = Number(poolCount);
  const countError = !Number.isInteger(count) || count < 1 || count > 16 ? t.poolCountInvalid : null;
  const generate = () => {
    if (countError) return;
    if (view.teams.length < 2) {
      toast.error(t.needTeams);
      return;
    }
    actions.generateDraw.mutate(
      { tournamentId: view.id, draw: { poolCount: count, seed } },
      {
        onSuccess: (drawn) => {
          toast.success(format(t.recordedSeed, { seed: drawn.seed }));
          setBoard(null);
        },
      },
    );
  };
  const startManual = () =>
    setBoard(
      group && group.pools.length > 0
        ? group.pools.map((pool) => ({ name: pool.name, teamIds: [...pool.teamIds] }))
        : Array.from({ length: countError ? 2 : count }, (_, i) => ({
            name: format(t.poolName, { letter: POOL_NAMES[i] ?? String(i + 1) }),
            teamIds: [],
          })),
    );
  const save = () => {
    if (!board) return;
    const assigned = new Set(board.flatMap((pool) => pool.teamIds));
    if (view.teams.some((team) => !assigned.has(team.id))) {
      toast.error(t.unassignedLeft);
      return;
    }
    actions.setDraw.mutate(
      { tournamentId: view.id, draw: { pools: board, seed } },
      { onSuccess: () => (toast.success(t.saved), setBoard(null)) },
    );
  };

  return (
    <div className="tm-stack">
      {group?.draw && (
        <p className="tm-draw-record" data-testid="tm-draw-seed">
          {format(t.record, {
            method: group.draw.method === 'generated' ? t.methodGenerated : t.methodManual,
            seed: group.draw.seed,
            by: group.draw.byName,
            at: formatClockTime(group.draw.at),
          })}
        </p>
      )}
      {locked ? (
        <p className="tm-muted">{t.locked}</p>
      ) : (
        <div className="tm-row tm-row--end">
          <label className="tm-field tm-field--inline">
            <span className="tm-field__label">{tournamentText.form.poolCount}</span>
            <input
              className="input"
              type="number"
              min={1}
              max={16}
              value={poolCount}
              aria-invalid={countError ? 'true' : undefined}
              onChange={(e) => setPoolCount(e.target.value)}
              data-testid="tm-pool-count"
            />
          </label>
          <SeedField
            label={t.seed}
            rerollLabel={t.reroll}
            seed={seed}
            onChange={setSeed}
            testId="tm-draw-seed-input"
          />
          <button
            type="button"
            className="btn btn--primary btn--sm"
            disabled={!!countError || !seed || actions.generateDraw.isPending}
            onClick={generate}
            data-testid="tm-generate-draw"
          >
            {t.generate}
          </button>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={startManual}
            data-testid="tm-manual-draw"
          >
            {t.manualStart}
          </button>
        </div>
      )}
      {countError && <p className="tm-field__error">{countError}</p>}
      {!locked && <p className="tm-muted tm-small">{t.seedHint}</p>}
      {board ? (
        <>
          <p className="tm-muted">{t.manual}</p>
          <DrawBoard board={board} teams={teams} allTeams={view.teams} onChange={setBoard} />
          <div className="tm-row">
            <button
              type="button"
              className="btn btn--primary btn--sm"
              onClick={save}
              disabled={actions.setDraw.isPending}
              data-testid="tm-save-draw"
            >
              {t.save}
            </button>
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => setBoard(null)}>
              {t.cancel}
            </button>
          </div>
        </>
      ) : (
        group &&
        group.pools.length > 0 && (
          <div className="tm-pools" data-testid="tm-pools">
            {group.pools.map((pool) => (
              <div key={pool.id} className="tm-pool">
                <h3 className="tm-pool__name">{pool.name}</h3>
                <ol className="tm-pool__teams">
                  {pool.teamIds.map((id) => (
                    <li key={id}>{teams.get(id)?.name ?? id}</li>
                  ))}
                </ol>
              </div>
            ))}
          </div>
        )
      )}
    </div>
  );
}

/** Pools as drop targets, plus the teams not yet in a pool. */
function DrawBoard({
  board,
  teams,
  allTeams,
  onChange,
}: {
  board: BoardPool[];
  teams: Map<string, TournamentTeam>;
  allTeams: TournamentTeam[];
  onChange: (board: BoardPool[]) => void;
}) {
  const assigned = new Set(board.flatMap((pool) => pool.teamIds));
  const unassigned = allTeams.filter((team) => !assigned.has(team.id)).map((team) => team.id);
  const [over, setOver] = useState<number | null>(null);
  const drop = (to: number) => (event: DragEvent) => {
    event.preventDefault();
    setOver(null);
    const teamId = event.dataTransfer.getData('text/plain');
    if (teamId && teams.has(teamId)) onChange(moveTeam(board, teamId, to));
  };
  const column = (index: number, name: string, ids: string[]) => (
    <div
      key={index}
      className="tm-pool tm-pool--drop"
      data-over={over === index}
      data-testid="tm-draw-pool"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(index);
      }}
      onDragLeave={() => setOver(null)}
      onDrop={drop(index)}
    >
      <h3 className="tm-pool__name">
        {name} <span className="tm-muted">({ids.length})</span>
      </h3>
      <ul className="tm-pool__teams">
        {ids.map((id) => (
          <li
            key={id}
            className="tm-draggable"
            draggable
            onDragStart={(event) => event.dataTransfer.setData('text/plain', id)}
            data-testid="tm-draw-team"
          >
            <span className="tm-draggable__grip" aria-hidden="true">
              ⠿
            </span>
            <span className="tm-draggable__name">{teams.get(id)?.name ?? id}</span>
            <select
              className="tm-move"
              aria-label={format(t.moveLabel, { team: teams.get(id)?.name ?? id })}
              value={index}
              onChange={(e) => onChange(moveTeam(board, id, Number(e.target.value)))}
            >
              <option value={-1}>{t.unassigned}</option>
              {board.map((pool, i) => (
                <option key={i} value={i}>
                  {pool.name}
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
    </div>
  );
  return (
    <div className="tm-pools">
      {board.map((pool, index) => column(index, pool.name, pool.teamIds))}
      {unassigned.length > 0 && column(-1, t.unassigned, unassigned)}
    </div>
  );
}
