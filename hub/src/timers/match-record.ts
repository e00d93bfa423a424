import { EMPTY_RESULT_SHEET, resultSheetSchema, type ResultSheet } from '@bianshi/shared';

/** The result sheet a match starts with: the timer's teams, topic and judges. */
export function sheetFromSettings(settings: Record<string, unknown>): ResultSheet {
  const teams = (settings.teams ?? {}) as Record<string, unknown>;
  const details = (settings.details ?? {}) as { judges?: unknown };
  const candidate = {
    teams: Object.fromEntries(
      (['aff', 'neg'] as const).map((side) => {
        const team = (teams[side] ?? {}) as Record<string, unknown>;
        return [
          side,
          {
            name: team.name ?? '',
            school: team.school ?? '',
            teamId: team.teamId ?? null,
            schoolId: team.schoolId ?? null,
            debaters: team.debaters ?? [],
          },
        ];
      }),
    ),
    topic: typeof settings.topic === 'string' ? settings.topic : '',
    topicId: typeof settings.topicId === 'string' ? settings.topicId : null,
    judges: Array.isArray(details.judges)
      ? details.judges
          .filter((name): name is string => typeof name === 'string' && name.trim() !== '')
          .map((name) => ({ name, vote: null }))
      : [],
  };
  const parsed = resultSheetSchema.safeParse(candidate);
  return parsed.success ? parsed.data : EMPTY_RESULT_SHEET;
}

/**
 * A match's status as every list and export says it: `abandoned` (未完成) when it was started and
 * another match became current before it finished; a match never started stays `ready` (未开始),
 * whether it is current or only planned.
 */
export function recordStatus(status: string, matchId: string, currentMatchId: string | null): string {
  const started = status === 'running' || status === 'paused';
  return started && currentMatchId !== matchId ? 'abandoned' : status;
}
