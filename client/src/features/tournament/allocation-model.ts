/**
 * The allocation screen's edits, pure: panels by room, a judge moved to a room's role or back to
 * the unallocated list. A judge is in at most one place after a move; a judge dropped on an
 * occupied chair takes it and the chair before becomes the room's first panellist.
 */
import { panelOf, type Panel, type PanelRole, type TournamentFixture } from '@bianshi/shared';

/** Panels by fixture id. */
export type Panels = Record<string, Panel>;

/** Where a judge goes: a room and role, or the unallocated list (`fixtureId` null). */
export type AllocationTarget = { fixtureId: string; role: PanelRole } | { fixtureId: null };

/** The panels of a round's fixtures as stored. */
export function panelsOf(fixtures: readonly TournamentFixture[]): Panels {
  return Object.fromEntries(fixtures.map((fixture) => [fixture.id, panelOf(fixture)]));
}

/** The panels with `judgeId` taken out of every room. */
function without(panels: Panels, judgeId: string): Panels {
  return Object.fromEntries(
    Object.entries(panels).map(([id, panel]) => [
      id,
      {
        chair: panel.chair === judgeId ? null : panel.chair,
        panellists: panel.panellists.filter((each) => each !== judgeId),
        trainees: panel.trainees.filter((each) => each !== judgeId),
      },
    ]),
  );
}

/** The panels after moving `judgeId` to `target`. */
export function moveJudge(panels: Panels, judgeId: string, target: AllocationTarget): Panels {
  const next = without(panels, judgeId);
  if (target.fixtureId === null) return next;
  const panel = next[target.fixtureId];
  if (!panel) return panels;
  if (target.role === 'chair') {
    next[target.fixtureId] = {
      ...panel,
      chair: judgeId,
      panellists: panel.chair === null ? panel.panellists : [panel.chair, ...panel.panellists],
    };
  } else if (target.role === 'panellist') {
    next[target.fixtureId] = { ...panel, panellists: [...panel.panellists, judgeId] };
  } else {
    next[target.fixtureId] = { ...panel, trainees: [...panel.trainees, judgeId] };
  }
  return next;
}

/** Judges in no room, in the order given. */
export function unallocated(panels: Panels, judgeIds: readonly string[]): string[] {
  const placed = new Set(
    Object.values(panels).flatMap((panel) => [
      ...(panel.chair === null ? [] : [panel.chair]),
      ...panel.panellists,
      ...panel.trainees,
    ]),
  );
  return judgeIds.filter((id) => !placed.has(id));
}

/** Rooms whose panel differs from `before`. */
export function changedRooms(panels: Panels, before: Panels): string[] {
  return Object.keys(panels).filter(
    (id) => JSON.stringify(panels[id]) !== JSON.stringify(before[id] ?? null),
  );
}
