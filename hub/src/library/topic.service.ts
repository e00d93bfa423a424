import {
  checkTopicsCsv,
  checkTopicsJson,
  importErrorText,
  topicGroupInputSchema,
  topicInputSchema,
  chineseIssueMessage,
  type ImportCheck,
  type TopicImportRow,
} from '@bianshi/shared';
import type { z } from 'zod';
import { HubError } from '../lib/errors';
import { L } from './messages';
import type { TopicGroupRow, TopicQuery, TopicRepository, TopicRow } from './topic.repository';

/** Who is asking: an account (or nobody) and whether it is a global admin. */
export interface LibraryCaller {
  user: { id: string; isAdmin: boolean } | null;
}

/** Parses with zh-CN messages; throws BAD_REQUEST naming the first offending field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, label: string): z.output<S> {
  const parsed = schema.safeParse(value, { error: chineseIssueMessage });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue?.path.length ? `${issue.path.join('.')} ` : '';
  throw new HubError('BAD_REQUEST', `${label}无效：${path}${issue?.message ?? '格式错误'}`, 'invalid-input', {
    issues: parsed.error.issues.map((entry) => ({ path: entry.path.join('.'), message: entry.message })),
  });
}

/** The file kinds an import accepts. */
export type ImportFormat = 'csv' | 'json';

/**
 * Topic groups and topics: reading for everyone, editing for a group's creator and admins
 * (built-in groups: admins only), imports that write nothing unless every row is valid.
 */
export class TopicService {
  constructor(readonly repository: TopicRepository) {}

  groups(): Promise<TopicGroupRow[]> {
    return this.repository.listGroups();
  }

  async group(id: string): Promise<{ group: TopicGroupRow; topics: TopicRow[] }> {
    const group = await this.repository.findGroup(id);
    if (!group) throw new HubError('NOT_FOUND', L.groupNotFound, 'group-not-found');
    return { group, topics: await this.repository.topicsOf(id) };
  }

  search(query: TopicQuery): Promise<TopicRow[]> {
    return this.repository.search({ ...query, limit: Math.min(Math.max(query.limit ?? 50, 1), 200) });
  }

  all(): Promise<TopicRow[]> {
    return this.repository.allTopics();
  }

  async topic(id: string): Promise<TopicRow> {
    const topic = await this.repository.findTopic(id);
    if (!topic) throw new HubError('NOT_FOUND', L.topicNotFound, 'topic-not-found');
    return topic;
  }

  /** True when the caller may change the group. */
  canEdit(group: Pick<TopicGroupRow, 'builtin' | 'ownerId'>, caller: LibraryCaller): boolean {
    if (!caller.user) return false;
    if (caller.user.isAdmin) return true;
    return !group.builtin && group.ownerId === caller.user.id;
  }

  private async editableGroup(id: string, caller: LibraryCaller): Promise<TopicGroupRow> {
    const group = await this.repository.findGroup(id);
    if (!group) throw new HubError('NOT_FOUND', L.groupNotFound, 'group-not-found');
    if (!this.canEdit(group, caller))
      throw new HubError(
        'FORBIDDEN',
        group.builtin ? L.builtinGroup : L.notGroupEditor,
        'group-not-editable',
      );
    return group;
  }

  async createGroup(
    input: unknown,
    caller: LibraryCaller & { user: NonNullable<LibraryCaller['user']> },
  ): Promise<string> {
    return this.repository.createGroup(parseInput(topicGroupInputSchema, input, '辩题合集'), {
      ownerId: caller.user.id,
    });
  }

  async updateGroup(id: string, input: unknown, caller: LibraryCaller): Promise<void> {
    await this.editableGroup(id, caller);
    await this.repository.updateGroup(id, parseInput(topicGroupInputSchema, input, '辩题合集'));
  }

  async deleteGroup(id: string, caller: LibraryCaller): Promise<void> {
    await this.editableGroup(id, caller);
    await this.repository.deleteGroup(id);
  }

  async addTopic(groupId: string, input: unknown, caller: LibraryCaller): Promise<string> {
    await this.editableGroup(groupId, caller);
    return this.repository.addTopic(groupId, parseInput(topicInputSchema, input, '辩题'));
  }

  async updateTopic(id: string, input: unknown, caller: LibraryCaller): Promise<void> {
    const topic = await this.topic(id);
    await this.editableGroup(topic.groupId, caller);
    await this.repository.updateTopic(id, parseInput(topicInputSchema, input, '辩题'));
  }

  async deleteTopic(id: string, caller: LibraryCaller): Promise<void> {
    const topic = await this.topic(id);
    await this.editableGroup(topic.groupId, caller);
    await this.repository.deleteTopic(id);
  }

  /** Checks a file without writing anything (the preview). */
  check(format: ImportFormat, text: string, defaultGroup = ''): ImportCheck<TopicImportRow> {
    return format === 'csv' ? checkTopicsCsv(text) : checkTopicsJson(text, defaultGroup);
  }

  /**
   * Imports a file into one group (`groupId`, editors only) or into the groups its rows name
   * (new groups are the caller's; `ownerId` null for the command line). Writes nothing unless
   * every row is valid; throws BAD_REQUEST with every error otherwise.
   */
  async import(
    format: ImportFormat,
    text: string,
    options: { groupId?: string; caller: LibraryCaller | 'cli' },
  ): Promise<{ groups: number; topics: number }> {
    const group =
      options.groupId && options.caller !== 'cli'
        ? await this.editableGroup(options.groupId, options.caller)
        : null;
    const checked = this.check(format, text, group?.name ?? '');
    if (!checked.ok) {
      throw new HubError(
        'BAD_REQUEST',
        `${L.importInvalid(checked.errors.length)}。${checked.errors.slice(0, 5).map(importErrorText).join('；')}`,
        'import-invalid',
        { errors: checked.errors },
      );
    }
    if (options.caller !== 'cli' && !options.caller.user)
      throw new HubError('UNAUTHORIZED', '请先登录', 'sign-in-required');
    const ownerId = options.caller === 'cli' ? null : (options.caller.user?.id ?? null);
    return this.repository.importTopics(checked.rows, ownerId, options.groupId);
  }

  favourites(userId: string): Promise<string[]> {
    return this.repository.favourites(userId);
  }

  async setFavourite(userId: string, topicId: string, on: boolean): Promise<void> {
    await this.topic(topicId);
    await this.repository.setFavourite(userId, topicId, on);
  }
}
