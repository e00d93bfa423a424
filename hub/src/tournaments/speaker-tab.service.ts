import { buildSpeakerTab, type SpeakerTabView, type TournamentRole } from '@bianshi/shared';
import type { TournamentMotions } from './tournament-motions';
import type { TournamentRepository, TournamentRow } from './tournament.repository';

/**
 * 辩手榜: the speaker tab from confirmed rooms of the preliminary rounds. Staff see it as it
 * stands; the public once the tournament is over (speaker scores stay private while they can
 * still sway a room), and only the speaker categories marked public.
 */
export class SpeakerTabService {
  constructor(
    private readonly repository: TournamentRepository,
    private readonly motions: Pick<TournamentMotions, 'isOver'>,
  ) {}

  async tab(tournament: TournamentRow, role: TournamentRole | null): Promise<SpeakerTabView> {
    const staff = role !== null;
    if (!staff && !(await this.motions.isOver(tournament.id)))
      return { visible: false, rounds: [], tables: [] };
    const [snapshot, tab] = await Promise.all([
      this.repository.snapshot(tournament),
      this.repository.tabRows(tournament.id),
    ]);
    const group = new Set(snapshot.stages.filter((stage) => stage.kind === 'group').map((stage) => stage.id));
    const rounds = snapshot.rounds.filter((round) => group.has(round.stageId));
    const index = new Map(rounds.map((round, at) => [round.id, at]));
    const confirmed = new Map(
      snapshot.results.filter((result) => result.confirmed).map((result) => [result.fixtureId, result]),
    );
    const ballots = new Map<string, Array<{ aff: number[]; neg: number[] } | null>>();
    for (const ballot of snapshot.ballots)
      ballots.set(ballot.fixtureId, [...(ballots.get(ballot.fixtureId) ?? []), ballot.speakerScores ?? null]);
    const categoriesBySpeaker = new Map(
      tab.speakers.map((speaker) => [`${speaker.teamId}#${speaker.position}`, speaker.categories]),
    );
    const tables = buildSpeakerTab({
      teams: snapshot.teams.map((team) => ({
        id: team.id,
        name: team.name,
        school: team.school,
        members: team.members,
      })),
      rooms: snapshot.fixtures.flatMap((fixture) => {
        const round = index.get(fixture.roundId);
        const result = confirmed.get(fixture.id);
        if (round === undefined || !result) return [];
        return [
          {
            round,
            affTeamId: fixture.affTeamId,
            negTeamId: fixture.negTeamId,
            cgTeamId: fixture.cgTeamId,
            coTeamId: fixture.coTeamId,
            positionScores: result.ranking ? result.positionScores : null,
            ballots: ballots.get(fixture.id) ?? [],
          },
        ];
      }),
      rounds: rounds.length,
      categories: tab.speakerCategories
        .filter((category) => staff || category.public)
        .map((category) => ({ slug: category.slug, name: category.name })),
      categoriesOf: (teamId, position) => categoriesBySpeaker.get(`${teamId}#${position}`) ?? [],
    });
    return { visible: true, rounds: rounds.map((round) => round.name), tables };
  }
}
