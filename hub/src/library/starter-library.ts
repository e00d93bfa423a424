/**
 * The starter library seeded at start (idempotently, by fixed ids). Only motions whose text
 * and source are documented are included, each with its source; nothing is attributed by guess.
 *
 * 1993 国际大专辩论会 (Singapore, co-organized by 新加坡广播局 and 中央电视台): the final on
 * 1993-08-29 (正方 台湾大学「人性本善」, 反方 复旦大学「人性本恶」) and the fourth preliminary on
 * 1993-08-25 (正方 剑桥大学「温饱是谈道德的必要条件」, 反方 复旦大学「温饱不是谈道德的必要条件」),
 * as in the published transcripts (《狮城舌战》).
 */
import type { TopicGroupInput, TopicInput } from '@bianshi/shared';
import { topicInputSchema } from '@bianshi/shared';
import type { TopicRepository } from './topic.repository';

interface StarterGroup {
  id: string;
  group: TopicGroupInput;
  topics: Array<{ id: string; topic: TopicInput }>;
}

const topic = (value: Parameters<typeof topicInputSchema.parse>[0]): TopicInput =>
  topicInputSchema.parse(value);

/** The groups shipped with 辩时. */
export const STARTER_LIBRARY: readonly StarterGroup[] = [
  {
    id: 'starter-1993-icudt',
    group: {
      name: '1993 国际大专辩论会',
      description: '首届国际大专辩论会（新加坡），新加坡广播局与中央电视台联合主办。',
      kind: 'tournament',
      year: 1993,
    },
    topics: [
      {
        id: 'starter-1993-final',
        topic: topic({
          text: '人性本善',
          affText: '人性本善',
          negText: '人性本恶',
          type: 'value',
          tags: ['人性', '哲学'],
          source: { tournament: '1993 国际大专辩论会', round: '决赛', year: 1993 },
          notes: '正方 台湾大学，反方 复旦大学；1993 年 8 月 29 日。',
        }),
      },
      {
        id: 'starter-1993-prelim-4',
        topic: topic({
          text: '温饱是谈道德的必要条件',
          affText: '温饱是谈道德的必要条件',
          negText: '温饱不是谈道德的必要条件',
          type: 'value',
          tags: ['道德', '社会'],
          source: { tournament: '1993 国际大专辩论会', round: '初赛第四场', year: 1993 },
          notes: '正方 剑桥大学，反方 复旦大学；1993 年 8 月 25 日。',
        }),
      },
    ],
  },
];

/** Inserts the starter groups and topics that are missing; never changes or removes existing rows. */
export async function seedStarterLibrary(repository: TopicRepository): Promise<void> {
  // Two hubs may start together: a row the other one inserted first is fine.
  const tolerate = async (write: () => Promise<unknown>) => {
    try {
      await write();
    } catch (error) {
      if (!/duplicate key|unique/i.test(String((error as { cause?: unknown }).cause ?? error))) throw error;
    }
  };
  for (const starter of STARTER_LIBRARY) {
    if (!(await repository.findGroup(starter.id)))
      await tolerate(() =>
        repository.createGroup(starter.group, { ownerId: null, builtin: true, id: starter.id }),
      );
    for (const { id, topic: value } of starter.topics) {
      if (!(await repository.findTopic(id))) await tolerate(() => repository.addTopic(starter.id, value, id));
    }
  }
}
