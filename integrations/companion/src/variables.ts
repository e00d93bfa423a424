import type { CompanionVariableDefinition, CompanionVariableValues } from '@companion-module/base';
import { clockText, type BianshiController } from './controller';

/** The module's variables, e.g. `$(bianshi:remaining)` on a button. */
export const VARIABLES: CompanionVariableDefinition[] = [
  { variableId: 'remaining', name: '剩余时间（mm:ss，超时为 +mm:ss）' },
  { variableId: 'remaining_seconds', name: '剩余秒数' },
  { variableId: 'overtime_seconds', name: '超时秒数' },
  { variableId: 'status', name: '状态（ready / running / paused / finished）' },
  { variableId: 'stage', name: '当前环节' },
  { variableId: 'stage_number', name: '第几个环节（从 1 起）' },
  { variableId: 'next_stage', name: '下一环节' },
  { variableId: 'side', name: '发言方（正方 / 反方）' },
  { variableId: 'speaker', name: '发言辩手（如：一辩 张三）' },
  { variableId: 'team', name: '发言方队名' },
  { variableId: 'team_aff', name: '正方队名' },
  { variableId: 'team_neg', name: '反方队名' },
  { variableId: 'topic', name: '辩题' },
];

/** The variables' values from the controller's reading and its live time. */
export function variableValues(
  source: Pick<BianshiController, 'reading' | 'remainingMs' | 'overtimeMs'>,
): CompanionVariableValues {
  const reading = source.reading;
  if (!reading) return {};
  const remainingMs = source.remainingMs();
  const overtimeMs = source.overtimeMs();
  const speaker = reading.stage.speaker;
  return {
    remaining: reading.active ? clockText(remainingMs, overtimeMs) : '',
    remaining_seconds: Math.ceil(remainingMs / 1000),
    overtime_seconds: Math.floor(overtimeMs / 1000),
    status: reading.status,
    stage: reading.stage.name,
    stage_number: reading.stage.index + 1,
    next_stage: reading.next?.name ?? '',
    side: reading.stage.sideLabel ?? '',
    speaker: speaker ? [speaker.label, speaker.name].filter(Boolean).join(' ') : '',
    team: reading.stage.teamName ?? '',
    team_aff: reading.teams.aff.name ?? '',
    team_neg: reading.teams.neg.name ?? '',
    topic: reading.topic ?? '',
  };
}
