import {
  PANEL_ROLES,
  panelClashes,
  type Clash,
  type PanelRole,
  type TournamentRound,
  type TournamentView,
} from '@bianshi/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type DragEvent } from 'react';
import { format } from '../../../i18n';
import { allocation as t } from '../../../i18n/zh-CN/tournament-allocation';
import { useTRPC } from '../../../lib/api/trpc';
import { toast } from '../../../lib/toast';
import {
  changedRooms,
  moveJudge,
  panelsOf,
  unallocated,
  type AllocationTarget,
  type Panels,
} from '../allocation-model';
import { tournamentErrorMessage } from '../api/tournament-errors';
import { teamNameOf, teamsById } from '../view-model';
import '../allocation.css';

const DRAG_TYPE = 'application/x-bianshi-judge';

/**
 * 评委分配 of a draft round: every room's chair, panellists and trainees, and the judges not yet
 * placed. Judges move by drag and drop (mouse) or by tapping a judge and then a place (phones,
 * keyboards). Clashes — a school or team conflict, two judges who may not sit together, an
 * absent judge, a judge in two rooms — show on the judge and as a count per room; they never
 * block saving. Edits stay local until 保存分配 (setPanels); while there are none the screen
 * follows the hub, so a save on another staff screen (any hub) shows here.
 */
export default function AllocationEditor({ view, round }: { view: TournamentView; round: TournamentRound }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const context = useQuery(
    trpc.tournament.allocation.queryOptions({ tournamentId: view.id, roundId: round.id }),
  );
  const server = useMemo(() => panelsOf(round.fixtures), [round.fixtures]);
  const serverKey = JSON.stringify(server);
  const [draft, setDraft] = useState<{ base: string; panels: Panels } | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const panels = draft?.panels ?? server;
  const dirty = draft !== null && changedRooms(draft.panels, server).length > 0;
  const save = useMutation({
    ...trpc.tournament.setPanels.mutationOptions(),
    onError: (error) => void toast.error(tournamentErrorMessage(error)),
    onSuccess: (result) => {
      toast.success(format(t.saved, { n: result.rooms }));
      setDraft(null);
      void queryClient.invalidateQueries({ queryKey: trpc.tournament.get.queryKey({ slug: view.slug }) });
    },
  });

  const judges = useMemo(() => view.judges.filter((judge) => !judge.revoked), [view.judges]);
  const names = new Map(view.judges.map((judge) => [judge.id, judge.name] as const));
  const ratings = new Map((context.data?.judges ?? []).map((judge) => [judge.id, judge.rating] as const));
  const teams = teamsById(view);
  const roomName = (index: number) => round.fixtures[index]?.venue || format(t.room, { n: index + 1 });
  const rooms = round.fixtures.map((fixture, index) => ({
    id: fixture.id,
    name: roomName(index),
    teamIds: [fixture.affTeamId, fixture.negTeamId].filter((id): id is string => id !== null),
    panel: panels[fixture.id] ?? { chair: null, panellists: [], trainees: [] },
  }));
  const clashes = context.data ? panelClashes(rooms, context.data) : new Map<string, Map<string, Clash[]>>();
  const free = unallocated(
    panels,
    judges.map((judge) => judge.id),
  );

  const move = (judgeId: string, target: AllocationTarget) => {
    setDraft({ base: draft?.base ?? serverKey, panels: moveJudge(panels, judgeId, target) });
    setSelected(null);
  };
  const submit = () => {
    if (!draft) return;
    const changed = changedRooms(draft.panels, server);
    save.mutate({
      tournamentId: view.id,
      panels: {
        roundId: round.id,
        panels: changed.map((fixtureId) => ({ fixtureId, ...draft.panels[fixtureId]! })),
      },
    });
  };

  const chip = (judgeId: string, roomClashes: Clash[] = [], role: PanelRole | null = null) => {
    const name = names.get(judgeId) ?? judgeId;
    const rating = ratings.get(judgeId);
    const warn = roomClashes.length > 0;
    return (
      <li key={judgeId} className="tm-alloc__item">
        <button
          type="button"
          className={`tm-alloc__judge${warn ? ' tm-alloc__judge--clash' : ''}`}
          draggable
          aria-pressed={selected === judgeId}
          aria-label={role ? format(t.judgeLabel, { name, role: t.roles[role] ?? '' }) : name}
          title={warn ? roomClashes.map((clash) => clash.message).join('；') : undefined}
          onDragStart={(event) => {
            event.dataTransfer.setData(DRAG_TYPE, judgeId);
            event.dataTransfer.setData('text/plain', judgeId);
            event.dataTransfer.effectAllowed = 'move';
          }}
          onClick={() => setSelected(selected === judgeId ? null : judgeId)}
          data-testid="tm-alloc-judge"
          data-judge-id={judgeId}
          data-clashes={roomClashes.length}
        >
          {warn && (
            <span className="tm-alloc__warn" aria-hidden="true">
              !
            </span>
          )}
          <span className="tm-alloc__name">{name}</span>
          {rating !== null && rating !== undefined && <span className="tm-alloc__rating">{rating}</span>}
        </button>
        {warn && (
          <ul className="tm-alloc__clashes" data-testid="tm-alloc-clash">
            {roomClashes.map((clash) => (
              <li key={`${clash.kind}:${clash.message}`}>{clash.message}</li>
            ))}
          </ul>
        )}
      </li>
    );
  };

  /** A place judges can be dropped on or tapped into. */
  const zone = (
    target: AllocationTarget,
    label: string,
    members: readonly string[],
    roomClashes: Map<string, Clash[]> | undefined,
    role: PanelRole | null,
    testId: string,
  ) => {
    const onDrop = (event: DragEvent) => {
      event.preventDefault();
      const id = event.dataTransfer.getData(DRAG_TYPE) || event.dataTransfer.getData('text/plain');
      if (id && names.has(id)) move(id, target);
    };
    return (
      <div
        className="tm-alloc__zone"
        role="group"
        aria-label={label}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'move';
        }}
        onDrop={onDrop}
        data-testid={testId}
        data-role={role ?? 'unallocated'}
      >
        <span className="tm-alloc__role">{label}</span>
        <ul className="tm-alloc__list">
          {members.map((id) => chip(id, roomClashes?.get(id) ?? [], role))}
          {members.length === 0 && role !== null && <li className="tm-alloc__empty">{t.emptySlot}</li>}
        </ul>
        {selected !== null && !members.includes(selected) && (
          <button
            type="button"
            className="btn btn--ghost btn--sm tm-alloc__place"
            onClick={() => move(selected, target)}
            data-testid="tm-alloc-place"
          >
            {t.placeHere}
          </button>
        )}
      </div>
    );
  };

  if (round.fixtures.length === 0) return <p className="tm-muted">{t.noRooms}</p>;
  const remote = draft !== null && draft.base !== serverKey;
  return (
    <div className="tm-alloc" data-testid="tm-alloc">
      <p className="tm-muted tm-small">{t.hint}</p>
      {context.isPending && <p className="tm-muted tm-small">{t.loadingContext}</p>}
      <div className="tm-alloc__bar">
        <button
          type="button"
          className="btn btn--primary btn--sm"
          disabled={!dirty || save.isPending}
          onClick={submit}
          data-testid="tm-alloc-save"
        >
          {save.isPending ? t.saving : t.save}
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          disabled={!dirty || save.isPending}
          onClick={() => (setDraft(null), setSelected(null))}
          data-testid="tm-alloc-reset"
        >
          {t.reset}
        </button>
        {dirty && <span className="tm-chip tm-chip--warn">{t.dirty}</span>}
        {selected !== null && (
          <span className="tm-alloc__selected" role="status" data-testid="tm-alloc-selected">
            {format(t.selected, { name: names.get(selected) ?? '' })}
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => setSelected(null)}>
              {t.cancelSelect}
            </button>
          </span>
        )}
      </div>
      {remote && (
        <p className="tm-alloc__remote" role="status" data-testid="tm-alloc-remote">
          {t.remoteChanged}
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => setDraft(null)}>
            {t.loadLatest}
          </button>
        </p>
      )}
      <div className="tm-alloc__pool">
        {zone({ fixtureId: null }, t.unallocated, free, undefined, null, 'tm-alloc-unallocated')}
        {free.length === 0 && <p className="tm-muted tm-small">{t.unallocatedEmpty}</p>}
      </div>
      <ol className="tm-alloc__rooms">
        {rooms.map((room, index) => {
          const fixture = round.fixtures[index]!;
          const roomClashes = clashes.get(room.id);
          const count = [...(roomClashes?.values() ?? [])].reduce((sum, list) => sum + list.length, 0);
          const noChair = room.panel.chair === null && room.panel.panellists.length > 0;
          return (
            <li
              key={room.id}
              className="tm-alloc__room"
              data-testid="tm-alloc-room"
              data-fixture-id={room.id}
              data-clashes={count}
            >
              <header className="tm-alloc__head">
                <strong>{room.name}</strong>
                <span className="tm-alloc__teams">
                  {teamNameOf(teams, fixture.affTeamId)} vs {teamNameOf(teams, fixture.negTeamId)}
                </span>
                <span
                  className={count > 0 ? 'tm-chip tm-chip--warn' : 'tm-chip'}
                  data-testid="tm-alloc-room-clashes"
                >
                  {count > 0 ? format(t.clashes, { n: count }) : t.noClashes}
                </span>
                {noChair && <span className="tm-chip tm-chip--warn">{t.noChair}</span>}
              </header>
              {PANEL_ROLES.map((role) =>
                zone(
                  { fixtureId: room.id, role },
                  t.roles[role] ?? role,
                  role === 'chair'
                    ? room.panel.chair === null
                      ? []
                      : [room.panel.chair]
                    : role === 'panellist'
                      ? room.panel.panellists
                      : room.panel.trainees,
                  roomClashes,
                  role,
                  `tm-alloc-${role}`,
                ),
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
