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

  /** Public groups and the caller's own. */
  groups(caller: LibraryCaller | null = null): Promise<TopicGroupRow[]> {
    return this.repository.listGroups(caller?.user?.id ?? null);
  }

  /** Whether the caller may read the group: public, their own, or they are an admin. */
  canRead(group: Pick<TopicGroupRow, 'visibility' | 'ownerId'>, caller: LibraryCaller | null): boolean {
    if (group.visibility === 'public') return true;
    if (!caller?.user) return false;
    return caller.user.isAdmin || group.ownerId === caller.user.id;
  }

  /** A group and its topics; one the caller may not read is NOT_FOUND (its existence is not told). */
  async group(
    id: string,
    caller: LibraryCaller | null = null,
  ): Promise<{ group: TopicGroupRow; topics: TopicRow[] }> {
    const group = await this.repository.findGroup(id);
    if (!group || !this.canRead(group, caller))
      throw new HubError('NOT_FOUND', L.groupNotFound, 'group-not-found');
    return { group, topics: await this.repository.topicsOf(id) };
  }

  /** Topics of public groups and the caller's own (`query.viewer`). */
  search(query: TopicQuery): Promise<TopicRow[]> {
    return this.repository.search({ ...query, limit: Math.min(Math.max(query.limit ?? 50, 1), 200) });
  }

  all(caller: LibraryCaller | null = null): Promise<TopicRow[]> {
    return this.repository.allTopics(caller?.user?.id ?? null);
  }

  /** The owner asks for the group to be public: it waits for an admin's review (not public meanwhile). */
  async publish(id: string, caller: LibraryCaller, now: number): Promise<TopicGroupRow> {
    const group = await this.editableGroup(id, caller);
    if (group.builtin || group.tournamentId || group.visibility === 'public')
      throw new HubError('CONFLICT', L.alreadyPublic, 'group-already-public');
    if (group.topicCount === 0) throw new HubError('BAD_REQUEST', L.publishEmpty, 'group-empty');
    await this.repository.setVisibility(id, 'pending', now);
    return (await this.repository.findGroup(id))!;
  }

  /** The owner takes the group back (a request, or a public group): only they see it again. */
  async withdraw(id: string, caller: LibraryCaller, now: number): Promise<TopicGroupRow> {
    const group = await this.editableGroup(id, caller);
    if (group.builtin || group.tournamentId)
      throw new HubError('FORBIDDEN', L.builtinGroup, 'group-not-editable');
    await this.repository.setVisibility(id, 'private', now);
    return (await this.repository.findGroup(id))!;
  }

  /** Groups waiting for review (admins). */
  pending(): Promise<TopicGroupRow[]> {
    return this.repository.pendingGroups();
  }

  /** An admin approves (public from now on) or rejects (back to its owner, with the note) a request. */
  async review(
    id: string,
    decision: 'approve' | 'reject',
    note: string,
    now: number,
  ): Promise<TopicGroupRow> {
    const group = await this.repository.findGroup(id);
    if (!group) throw new HubError('NOT_FOUND', L.groupNotFound, 'group-not-found');
    if (group.visibility !== 'pending') throw new HubError('CONFLICT', L.notPending, 'group-not-pending');
    if (decision === 'reject' && !note.trim())
      throw new HubError('BAD_REQUEST', L.rejectNeedsNote, 'review-note-required');
    await this.repository.setVisibility(id, decision === 'approve' ? 'public' : 'rejected', now, note.trim());
    return (await this.repository.findGroup(id))!;
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

  /**
   * After an owner's change to their public group: it goes back to review (public content is
   * what an admin approved). Admins' changes and built-in groups stay as they are.
   */
  private async reviewAgain(group: TopicGroupRow, caller: LibraryCaller): Promise<void> {
    if (group.visibility !== 'public' || group.builtin || caller.user?.isAdmin) return;
    await this.repository.setVisibility(group.id, 'pending', Date.now());
  }

  async updateGroup(id: string, input: unknown, caller: LibraryCaller): Promise<void> {
    const group = await this.editableGroup(id, caller);
    await this.repository.updateGroup(id, parseInput(topicGroupInputSchema, input, '辩题合集'));
    await this.reviewAgain(group, caller);
  }

  async deleteGroup(id: string, caller: LibraryCaller): Promise<void> {
    await this.editableGroup(id, caller);
    await this.repository.deleteGroup(id);
  }

  async addTopic(groupId: string, input: unknown, caller: LibraryCaller): Promise<string> {
    const group = await this.editableGroup(groupId, caller);
    const id = await this.repository.addTopic(groupId, parseInput(topicInputSchema, input, '辩题'));
    await this.reviewAgain(group, caller);
    return id;
  }

  async updateTopic(id: string, input: unknown, caller: LibraryCaller): Promise<void> {
    const topic = await this.topic(id);
    const group = await this.editableGroup(topic.groupId, caller);
    await this.repository.updateTopic(id, parseInput(topicInputSchema, input, '辩题'));
    await this.reviewAgain(group, caller);
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
    const imported = await this.repository.importTopics(checked.rows, ownerId, options.groupId);
    if (group && options.caller !== 'cli') await this.reviewAgain(group, options.caller);
    return imported;
  }

  favourites(userId: string): Promise<string[]> {
    return this.repository.favourites(userId);
  }

  async setFavourite(userId: string, topicId: string, on: boolean): Promise<void> {
    await this.topic(topicId);
    await this.repository.setFavourite(userId, topicId, on);
  }
}
