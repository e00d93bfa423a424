import { describe, expect, it } from 'vitest';
import { changedRooms, moveJudge, unallocated, type Panels } from './allocation-model';

const panels: Panels = {
  r1: { chair: 'a', panellists: ['b'], trainees: [] },
  r2: { chair: 'c', panellists: [], trainees: ['d'] },
};

describe('allocation edits', () => {
  it('moves a judge between rooms and roles, never leaving a copy behind', () => {
    const next = moveJudge(panels, 'b', { fixtureId: 'r2', role: 'panellist' });
    expect(next).toEqual({
      r1: { chair: 'a', panellists: [], trainees: [] },
      r2: { chair: 'c', panellists: ['b'], trainees: ['d'] },
    });
    expect(changedRooms(next, panels)).toEqual(['r1', 'r2']);
  });

  it('a judge dropped on a chair takes it; the chair before becomes the first panellist', () => {
    expect(moveJudge(panels, 'd', { fixtureId: 'r1', role: 'chair' })).toEqual({
      r1: { chair: 'd', panellists: ['a', 'b'], trainees: [] },
      r2: { chair: 'c', panellists: [], trainees: [] },
    });
  });

  it('a chair moved to trainee in its own room leaves the chair empty', () => {
    expect(moveJudge(panels, 'a', { fixtureId: 'r1', role: 'trainee' }).r1).toEqual({
      chair: null,
      panellists: ['b'],
      trainees: ['a'],
    });
  });

  it('back to the unallocated list, and who is unallocated', () => {
    const next = moveJudge(panels, 'c', { fixtureId: null });
    expect(next.r2).toEqual({ chair: null, panellists: [], trainees: ['d'] });
    expect(unallocated(next, ['a', 'b', 'c', 'd', 'e'])).toEqual(['c', 'e']);
    expect(changedRooms(panels, panels)).toEqual([]);
  });

  it('an unknown room changes nothing', () => {
    expect(moveJudge(panels, 'a', { fixtureId: 'nope', role: 'chair' })).toBe(panels);
  });
});
