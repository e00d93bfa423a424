/**
 * Helpers for the display browser tests and screenshots: create timers with short formats,
 * set their display settings, send commands as the controller (HTTP with the bearer key).
 */
import type { CommandInput } from '@bianshi/shared';
import { eq } from 'drizzle-orm';
import { timers } from '../../hub/src/timers/timer.schema';
import type { TestHub } from '../support/hub';
import { httpClient, type HubClient } from '../support/trpc';

/** A small format: single 正方 3:30, dual 自由辩论 1:00/side, 反方 0:20 with overtime, a cover stage. */
export function displayTestFormat() {
  return {
    schemaVersion: 1,
    id: 'display-test',
    name: '显示测试',
    tags: { language: 'zh' },
    stages: [
      {
        kind: 'single',
        name: '正方一辩 立论',
        side: 'aff',
        speaker: 1,
        durationMs: 210_000,
        overtime: 'stop',
        bells: [
          { from: 'end', offsetMs: 30_000, count: 1 },
          { from: 'end', offsetMs: 0, count: 2 },
        ],
      },
      {
        kind: 'dual',
        name: '自由辩论',
        durationMs: { aff: 60_000, neg: 60_000 },
        endBehaviour: 'relay',
        overtime: 'stop',
        bells: [{ from: 'end', offsetMs: 30_000, count: 1 }],
      },
      {
        kind: 'single',
        name: '反方四辩 总结陈词',
        side: 'neg',
        speaker: 4,
        durationMs: 20_000,
        overtime: 'continue',
        bells: [],
      },
      { kind: 'none', name: '封面', text: '2025 华语辩论邀请赛 · 决赛' },
    ],
  };
}

/** A timer and a controller client holding its key. */
export interface TestTimer {
  id: string;
  shortid: string;
  matchId: string;
  controlKey: string;
  controller: HubClient;
  /** Sends a command and returns the new version. */
  send(command: CommandInput): Promise<number>;
}

/** Creates a timer (default: {@link displayTestFormat}). */
export async function createTestTimer(
  hub: TestHub,
  format: unknown = displayTestFormat(),
  name = '校园辩论赛决赛',
): Promise<TestTimer> {
  const created = await httpClient(hub.url).timer.create.mutate({ name, format });
  const controller = httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` });
  return {
    id: created.id,
    shortid: created.shortid,
    matchId: created.matchId,
    controlKey: created.controlKey,
    controller,
    async send(command) {
      const result = await controller.timer.command.mutate({ timerId: created.id, command });
      return result.version;
    },
  };
}

/**
 * Writes `timer.settings` straight into the hub's database and tells loaded rooms (there is no
 * settings endpoint yet; the management pages will add one).
 */
export async function setTimerSettings(
  hub: TestHub,
  timerId: string,
  settings: Record<string, unknown>,
): Promise<void> {
  await hub.services.database.db.update(timers).set({ settings }).where(eq(timers.id, timerId));
  await hub.services.timers.changed(timerId);
}

/** Display settings with teams, topic and debaters, for screenshots and tests. */
export const SAMPLE_SETTINGS = {
  topic: '人工智能的发展利大于弊',
  teams: {
    aff: { name: '复旦大学', debaters: ['张明远', '李思齐', '王嘉宁', '陈一帆'] },
    neg: { name: '武汉大学', debaters: ['赵子涵', '周若溪', '吴承泽', '郑书瑶'] },
  },
};

/** `n` characters of `word` repeated, every tenth a digit, so that where a text is cut shows. */
export function longText(n: number, word: string): string {
  return Array.from({ length: n }, (_, i) =>
    i % 10 === 9 ? String(((i + 1) / 10) % 10) : word[i % word.length],
  ).join('');
}

/** The longest texts the fields accept: timer name 80, team names 80, topic 300 characters. */
export const LONG_SETTINGS = {
  timerName: longText(80, '华语辩论邀请赛决赛'),
  topic: longText(300, '人工智能的发展利大于弊'),
  teams: {
    aff: {
      name: longText(80, '复旦大学辩论队'),
      debaters: [longText(40, '张明远'), longText(40, '李思齐'), '王嘉宁', '陈一帆'],
    },
    neg: { name: longText(80, '武汉大学辩论队'), debaters: ['赵子涵', '周若溪', '吴承泽', '郑书瑶'] },
  },
};

/**
 * A format whose stages carry the longest names (80 characters): single, dual, a pooled speech
 * whose pool keeps 3:00 for 正方 结辩, that 结辩, and the cover with a 400-character text.
 */
export function longTextFormat() {
  const bells = [
    { from: 'end', offsetMs: 30_000, count: 1 },
    { from: 'end', offsetMs: 0, count: 2 },
  ];
  return {
    schemaVersion: 1,
    id: 'long-texts',
    name: '长文本',
    tags: { language: 'zh' },
    pools: [
      {
        id: 'team',
        name: '队伍总用时',
        kind: 'budget',
        totalMs: { aff: 600_000, neg: 600_000 },
        reserve: { ms: 180_000, stages: ['正方 结辩'] },
      },
    ],
    stages: [
      {
        kind: 'single',
        name: longText(80, '正方一辩立论环节'),
        side: 'aff',
        speaker: 1,
        durationMs: 210_000,
        overtime: 'stop',
        bells,
      },
      {
        kind: 'dual',
        name: longText(80, '自由辩论'),
        durationMs: { aff: 240_000, neg: 240_000 },
        overtime: 'stop',
        bells,
      },
      {
        kind: 'single',
        name: longText(80, '正方二辩质询'),
        side: 'aff',
        speaker: 2,
        poolId: 'team',
        overtime: 'stop',
        bells: [],
      },
      {
        kind: 'single',
        name: '正方 结辩',
        side: 'aff',
        speaker: 4,
        poolId: 'team',
        overtime: 'stop',
        bells: [],
      },
      { kind: 'none', name: '封面', text: longText(400, '欢迎各位来宾') },
    ],
  };
}
