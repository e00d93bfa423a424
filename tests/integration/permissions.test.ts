/**
 * Every procedure of the hub's router, called by every kind of caller, against the role it
 * declares. The table below is the permission model; a procedure missing from it fails the test,
 * so every new procedure has to state who may call it.
 *
 * Allowed means the call got past authorization: it succeeded, or failed with an expected,
 * user-facing refusal (BAD_REQUEST, NOT_FOUND, CONFLICT…: inputs are chosen so that allowed calls
 * are harmless, such as a command the match rejects or a settings value that fails validation).
 * Denied means UNAUTHORIZED or FORBIDDEN. Anything else (a 500, a timeout, a dropped connection,
 * an answer that is not a tRPC error) fails the row whatever it expects. Each procedure gets a fresh timer, so destructive calls (a new control
 * key, sign-out everywhere) cannot leak into the next row.
 */
import {
  createTRPCUntypedClient,
  createWSClient,
  httpBatchLink,
  wsLink,
  TRPCClientError,
  type TRPCUntypedClient,
} from '@trpc/client';
import {
  createTransformer,
  roleAtLeast,
  tournamentRoleAtLeast,
  type ProjectRole,
  type TournamentRole,
} from '@bianshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AnyRouter } from '@trpc/server';
import { appRouter } from '../../hub/src/app.router';
import { atLeast, type TimerRole } from '../../hub/src/timers/roles';
import type { SessionUser } from '../../hub/src/auth/auth.service';
import { grantPlan } from '../../hub/src/commerce/grant.repository';
import { DATABASE_KINDS, startHub, type TestHub } from '../support/hub';

type Rule =
  | { kind: 'public' }
  | { kind: 'authed' }
  | { kind: 'admin' }
  | { kind: 'timer'; minimum: TimerRole }
  | { kind: 'timer+account'; minimum: TimerRole }
  | { kind: 'lobby-organizer' }
  | { kind: 'lobby-organizer+account' }
  | { kind: 'project'; minimum: ProjectRole }
  | { kind: 'tournament'; minimum: TournamentRole };

const PUBLIC: Rule = { kind: 'public' };
const AUTHED: Rule = { kind: 'authed' };
const ADMIN: Rule = { kind: 'admin' };
const ORGANIZER: Rule = { kind: 'lobby-organizer' };
const timer = (minimum: TimerRole): Rule => ({ kind: 'timer', minimum });
const project = (minimum: ProjectRole): Rule => ({ kind: 'project', minimum });
const tournament = (minimum: TournamentRole): Rule => ({ kind: 'tournament', minimum });

/** What one row needs to build its input. */
interface Fixture {
  timerId: string;
  shortid: string;
  matchId: string;
  controlKey: string;
  targetUserId: string;
  inviteId: string;
  inviteToken: string;
  lobby: { id: string; code: string; organizerKey: string } | null;
  signInEmail: string;
  unique: string;
  /** A workbench project (rows of `workbench.*`): owned by the owner, callers members by FACTS.projectRole. */
  project: {
    id: string;
    documentId: string;
    versionId: string;
    inviteId: string;
    inviteToken: string;
  } | null;
  /** A public tournament (rows of `tournament.*`): owned by the owner, staffed by FACTS.tournamentRole. */
  tournament: { id: string; slug: string; judgeToken: string } | null;
}

interface Row {
  rule: Rule;
  input?: (fx: Fixture) => unknown;
}

const lobbyId = (fx: Fixture) => fx.lobby?.id ?? 'missing';
const tournamentId = (fx: Fixture) => fx.tournament?.id ?? 'missing';
const slugOf = (fx: Fixture) => fx.tournament?.slug ?? 'missing';

/** The permission model: every procedure and the role it needs. */
const TABLE: Record<string, Row> = {
  'system.info': { rule: PUBLIC },
  'system.time': { rule: PUBLIC },
  'analytics.summary': { rule: ADMIN, input: () => ({ days: 7 }) },
  'clock.ping': { rule: PUBLIC, input: () => ({ t0: Date.now() }) },

  'timer.create': { rule: PUBLIC, input: () => ({}) },
  'timer.get': { rule: PUBLIC, input: (fx) => ({ id: fx.timerId }) },
  // The same rule as manage.matchRecord.
  'timer.log': { rule: timer('controller'), input: (fx) => ({ timerId: fx.timerId }) },
  // The control key is the capability itself; presenting it is the proof.
  'timer.claimControl': { rule: PUBLIC, input: (fx) => ({ timerId: fx.timerId, key: fx.controlKey }) },
  'timer.watch': { rule: timer('controller'), input: (fx) => ({ timerId: fx.timerId, role: 'controller' }) },
  'timer.command': {
    rule: timer('controller'),
    input: (fx) => ({ timerId: fx.timerId, command: { type: 'pause' } }),
  },
  'timer.replay': {
    rule: timer('controller'),
    input: (fx) => ({
      timerId: fx.timerId,
      matchId: fx.matchId,
      baseVersion: 0,
      commands: [{ command: { type: 'pause' }, at: Date.now() }],
    }),
  },
  'timer.newMatch': { rule: timer('controller'), input: (fx) => ({ timerId: fx.timerId }) },
  // No Supabase here: allowed callers get NOT_FOUND (no fallback), the others are refused first.
  'fallback.certificate': {
    rule: timer('controller'),
    input: (fx) => ({ timerId: fx.timerId, publicKey: 'not-a-key' }),
  },
  'timer.renameScreen': {
    rule: timer('controller'),
    input: (fx) => ({ timerId: fx.timerId, screenId: 'no-such-screen', name: '主屏' }),
  },
  // Hiding needs no finished match, so the call passes where the role does.
  'timer.showResult': { rule: timer('controller'), input: (fx) => ({ timerId: fx.timerId, show: false }) },
  'timer.claim': {
    rule: { kind: 'timer+account', minimum: 'owner' },
    input: (fx) => ({ timerId: fx.timerId }),
  },

  'auth.config': { rule: PUBLIC },
  'auth.me': { rule: PUBLIC },
  'auth.signUp': {
    rule: PUBLIC,
    input: (fx) => ({ email: `new-${fx.unique}@bianshi.test`, password: 'correct horse battery' }),
  },
  'auth.signIn': {
    rule: PUBLIC,
    input: (fx) => ({ email: fx.signInEmail, password: 'correct horse battery' }),
  },
  'auth.exchangeSupabase': {
    rule: PUBLIC,
    input: () => ({ accessToken: 'not-a-token-not-a-token-not-a-token' }),
  },
  'auth.requestSignInLink': { rule: PUBLIC, input: (fx) => ({ email: fx.signInEmail }) },
  'auth.openEmailLink': { rule: PUBLIC, input: () => ({ token: 'not-a-link-token-not-a-link-token' }) },
  'auth.resendVerification': { rule: AUTHED },
  'auth.signOut': { rule: PUBLIC },
  'auth.signOutEverywhere': { rule: AUTHED },
  'auth.users': { rule: ADMIN },

  // 备赛工作台 and 流程单: projects by membership role (owner, editor, commenter, viewer).
  'workbench.list': { rule: AUTHED, input: () => ({ kind: 'workbench' }) },
  'workbench.create': { rule: AUTHED, input: () => ({ kind: 'workbench', name: '权限测试项目' }) },
  'workbench.get': { rule: project('viewer'), input: (fx) => ({ projectId: fx.project?.id }) },
  'workbench.update': {
    rule: project('editor'),
    input: (fx) => ({ projectId: fx.project?.id, motion: '新的辩题' }),
  },
  'workbench.remove': { rule: project('owner'), input: (fx) => ({ projectId: fx.project?.id }) },
  'workbench.members': { rule: project('owner'), input: (fx) => ({ projectId: fx.project?.id }) },
  'workbench.setRole': {
    rule: project('owner'),
    input: (fx) => ({ projectId: fx.project?.id, userId: fx.targetUserId, role: 'viewer' }),
  },
  'workbench.removeMember': {
    rule: project('owner'),
    input: (fx) => ({ projectId: fx.project?.id, userId: fx.targetUserId }),
  },
  'workbench.createInvite': {
    rule: project('owner'),
    input: (fx) => ({ projectId: fx.project?.id, role: 'viewer', expiresInHours: 1 }),
  },
  'workbench.revokeInvite': {
    rule: project('owner'),
    input: (fx) => ({ projectId: fx.project?.id, inviteId: fx.project?.inviteId }),
  },
  'workbench.previewInvite': { rule: PUBLIC, input: (fx) => ({ token: fx.project?.inviteToken }) },
  'workbench.acceptInvite': { rule: AUTHED, input: (fx) => ({ token: fx.project?.inviteToken }) },
  'workbench.createDocument': {
    rule: project('editor'),
    input: (fx) => ({ projectId: fx.project?.id, kind: 'text', title: '新文档' }),
  },
  'workbench.renameDocument': {
    rule: project('editor'),
    input: (fx) => ({ documentId: fx.project?.documentId, title: '改名' }),
  },
  'workbench.deleteDocument': {
    rule: project('owner'),
    input: (fx) => ({ documentId: fx.project?.documentId }),
  },
  'workbench.attachFlow': { rule: project('owner'), input: (fx) => ({ projectId: fx.project?.id }) },
  'workbench.detachFlow': { rule: project('owner'), input: (fx) => ({ projectId: fx.project?.id }) },
  'workbench.versions': { rule: project('viewer'), input: (fx) => ({ documentId: fx.project?.documentId }) },
  'workbench.saveVersion': {
    rule: project('editor'),
    input: (fx) => ({ documentId: fx.project?.documentId, name: '版本' }),
  },
  'workbench.compareVersions': {
    rule: project('viewer'),
    input: (fx) => ({ documentId: fx.project?.documentId, fromVersionId: fx.project?.versionId }),
  },
  'workbench.restoreVersion': {
    rule: project('editor'),
    input: (fx) => ({ documentId: fx.project?.documentId, versionId: fx.project?.versionId }),
  },

  'members.list': { rule: timer('owner'), input: (fx) => ({ timerId: fx.timerId }) },
  'members.setRole': {
    rule: timer('owner'),
    input: (fx) => ({ timerId: fx.timerId, userId: fx.targetUserId, role: 'viewer' }),
  },
  'members.remove': {
    rule: timer('owner'),
    input: (fx) => ({ timerId: fx.timerId, userId: fx.targetUserId }),
  },
  'members.createInvite': { rule: timer('owner'), input: (fx) => ({ timerId: fx.timerId, role: 'judge' }) },
  'members.rotateJudgeKey': { rule: timer('editor'), input: (fx) => ({ timerId: fx.timerId }) },
  'members.revokeInvite': {
    rule: timer('owner'),
    input: (fx) => ({ timerId: fx.timerId, inviteId: fx.inviteId }),
  },
  'members.previewInvite': { rule: PUBLIC, input: (fx) => ({ token: fx.inviteToken }) },
  'members.acceptInvite': { rule: AUTHED, input: (fx) => ({ token: fx.inviteToken }) },
  'members.mine': { rule: AUTHED },
  // Reads only this browser's own control cookies.
  'members.claimable': { rule: AUTHED },

  'manage.get': { rule: timer('controller'), input: (fx) => ({ timerId: fx.timerId }) },
  'manage.updateInfo': {
    rule: timer('editor'),
    input: (fx) => ({ timerId: fx.timerId, name: '', description: '' }),
  },
  'manage.updateSettings': {
    rule: timer('editor'),
    input: (fx) => ({ timerId: fx.timerId, section: 'display', value: { tenths: 'invalid' } }),
  },
  'manage.setFormat': {
    rule: timer('editor'),
    input: (fx) => ({ timerId: fx.timerId, format: { invalid: true } }),
  },
  'manage.importConfig': {
    rule: timer('editor'),
    input: (fx) => ({
      timerId: fx.timerId,
      config: { kind: 'bianshi-timer-config', version: 1, format: { invalid: true } },
    }),
  },
  'manage.regenerateControlKey': { rule: timer('owner'), input: (fx) => ({ timerId: fx.timerId }) },
  'manage.setPrivate': { rule: timer('editor'), input: (fx) => ({ timerId: fx.timerId, private: false }) },
  'manage.matches': { rule: timer('controller'), input: (fx) => ({ timerId: fx.timerId }) },
  'manage.planMatch': {
    rule: timer('controller'),
    input: (fx) => ({ timerId: fx.timerId, entry: 'invalid' }),
  },
  'manage.updatePlan': {
    rule: timer('controller'),
    input: (fx) => ({ timerId: fx.timerId, matchId: fx.matchId, entry: 'invalid' }),
  },
  'manage.makeCurrent': {
    rule: timer('controller'),
    input: (fx) => ({ timerId: fx.timerId, matchId: fx.matchId }),
  },
  'manage.startMatch': { rule: timer('controller'), input: (fx) => ({ timerId: fx.timerId }) },
  'manage.matchRecord': {
    rule: timer('controller'),
    input: (fx) => ({ timerId: fx.timerId, matchId: fx.matchId }),
  },

  'library.topics.groups': { rule: PUBLIC },
  'library.topics.all': { rule: PUBLIC },
  'library.topics.group': { rule: PUBLIC, input: () => ({ id: 'starter-1993-icudt' }) },
  'library.topics.publishGroup': { rule: AUTHED, input: () => ({ id: 'no-such-group' }) },
  'library.topics.withdrawGroup': { rule: AUTHED, input: () => ({ id: 'no-such-group' }) },
  'library.topics.pendingGroups': { rule: ADMIN },
  'library.topics.reviewGroup': { rule: ADMIN, input: () => ({ id: 'no-such-group', decision: 'approve' }) },
  'library.topics.get': { rule: PUBLIC, input: () => ({ id: 'no-such-topic' }) },
  'library.topics.search': { rule: PUBLIC, input: () => ({ q: '道德' }) },
  'library.topics.createGroup': { rule: AUTHED, input: () => ({ group: { name: '' } }) },
  'library.topics.updateGroup': {
    rule: AUTHED,
    input: () => ({ id: 'no-such-group', group: { name: '改名' } }),
  },
  'library.topics.deleteGroup': { rule: AUTHED, input: () => ({ id: 'no-such-group' }) },
  'library.topics.addTopic': {
    rule: AUTHED,
    input: () => ({ groupId: 'no-such-group', topic: { text: '辩题' } }),
  },
  'library.topics.updateTopic': {
    rule: AUTHED,
    input: () => ({ id: 'no-such-topic', topic: { text: '辩题' } }),
  },
  'library.topics.deleteTopic': { rule: AUTHED, input: () => ({ id: 'no-such-topic' }) },
  'library.topics.checkImport': { rule: PUBLIC, input: () => ({ format: 'csv', text: '' }) },
  'library.topics.import': {
    rule: AUTHED,
    input: () => ({ groupId: 'no-such-group', format: 'csv', text: '' }),
  },
  'library.topics.favourites': { rule: AUTHED },
  'library.topics.setFavourite': { rule: AUTHED, input: () => ({ topicId: 'no-such-topic', on: true }) },
  'library.topics.useInTimer': {
    rule: timer('editor'),
    input: (fx) => ({ timerId: fx.timerId, topicId: 'no-such-topic' }),
  },
  'library.schools.search': { rule: PUBLIC, input: () => ({ q: '大学' }) },
  'library.schools.regions': { rule: PUBLIC },
  'library.schools.page': { rule: PUBLIC, input: () => ({ id: 'no-such-school' }) },
  'library.schools.add': { rule: AUTHED, input: () => ({ school: { name: '' } }) },
  'library.schools.importCsv': { rule: AUTHED, input: () => ({ text: '' }) },
  'library.schools.addTeam': {
    rule: AUTHED,
    input: () => ({ team: { schoolId: 'no-such-school', name: '', season: '' } }),
  },
  'library.schools.teams': { rule: PUBLIC, input: () => ({ q: '队' }) },
  'library.schools.debaters': { rule: PUBLIC, input: () => ({ q: '张' }) },
  // Records of a public timer are public; the fixture's timer is public.
  'library.records.get': { rule: PUBLIC, input: (fx) => ({ matchId: fx.matchId }) },
  'library.records.flows': { rule: PUBLIC, input: (fx) => ({ matchId: fx.matchId }) },
  'library.records.mine': { rule: AUTHED },
  'library.records.updateResult': {
    rule: timer('editor'),
    input: (fx) => ({ matchId: fx.matchId, result: 'invalid' }),
  },

  'lobby.list': { rule: PUBLIC },
  // Claiming needs both: the organizer cookie of the browser that made it, and an account.
  'lobby.claim': { rule: { kind: 'lobby-organizer+account' }, input: (fx) => ({ lobbyId: lobbyId(fx) }) },
  'lobby.mine': { rule: AUTHED },
  'lobby.claimable': { rule: AUTHED },
  'lobby.create': { rule: PUBLIC, input: () => ({ name: '权限测试大厅' }) },
  'lobby.joinByCode': { rule: PUBLIC, input: (fx) => ({ code: fx.lobby?.code ?? 'AAAAAA' }) },
  'lobby.get': { rule: PUBLIC, input: (fx) => ({ lobbyId: lobbyId(fx) }) },
  'lobby.claimOrganizer': {
    rule: PUBLIC,
    input: (fx) => ({ lobbyId: lobbyId(fx), key: fx.lobby?.organizerKey ?? 'x'.repeat(20) }),
  },
  'lobby.watch': { rule: ORGANIZER, input: (fx) => ({ lobbyId: lobbyId(fx), role: 'controller' }) },
  'lobby.update': { rule: ORGANIZER, input: (fx) => ({ lobbyId: lobbyId(fx), name: '' }) },
  'lobby.setFeatured': {
    rule: ORGANIZER,
    input: (fx) => ({ lobbyId: lobbyId(fx), timerId: 'no-such-timer' }),
  },
  'lobby.setMode': { rule: ORGANIZER, input: (fx) => ({ lobbyId: lobbyId(fx), mode: 'invalid-mode' }) },
  'lobby.message': { rule: ORGANIZER, input: (fx) => ({ lobbyId: lobbyId(fx), text: '' }) },
  'lobby.clearMessage': { rule: ORGANIZER, input: (fx) => ({ lobbyId: lobbyId(fx) }) },
  'lobby.identify': {
    rule: ORGANIZER,
    input: (fx) => ({ lobbyId: lobbyId(fx), screenId: 'no-such-screen' }),
  },
  'lobby.rename': {
    rule: ORGANIZER,
    input: (fx) => ({ lobbyId: lobbyId(fx), screenId: 'no-such-screen', name: '屏幕' }),
  },
  'lobby.move': {
    rule: ORGANIZER,
    input: (fx) => ({ lobbyId: lobbyId(fx), screenId: 'no-such-screen', target: 'nowhere' }),
  },
  'lobby.disconnect': {
    rule: ORGANIZER,
    input: (fx) => ({ lobbyId: lobbyId(fx), screenId: 'no-such-screen' }),
  },

  'commerce.providers': { rule: PUBLIC },
  'commerce.myPlan': { rule: PUBLIC },
  'commerce.createOrder': {
    rule: AUTHED,
    input: () => ({ plan: 'education', months: 7, seats: 1, provider: 'manual', buyer: {} }),
  },
  'commerce.myOrders': { rule: AUTHED },
  'commerce.order': { rule: AUTHED, input: () => ({ number: 'BS20260101NONE00' }) },
  'commerce.revealSeatKeys': { rule: AUTHED, input: () => ({ number: 'BS20260101NONE00' }) },
  'commerce.redeem': { rule: AUTHED, input: () => ({ key: 'BS-not-a-key' }) },
  'commerce.keyStatus': { rule: AUTHED, input: () => ({ key: 'BS-not-a-key' }) },
  'commerce.requestInvoice': { rule: AUTHED, input: () => ({ orderNumber: '' }) },
  'commerce.myInvoices': { rule: AUTHED },
  // The AI area: its limits (size, rate, quota) refuse with BAD_REQUEST / 413 / 429 / 403 plan-limit.
  'ai.status': { rule: PUBLIC },
  'ai.ask': { rule: PUBLIC, input: () => ({ question: '铃声怎么设置' }) },
  // An empty text is refused before the provider is asked (the table's hub has none).
  'ai.rules': { rule: PUBLIC, input: () => ({ text: '' }) },
  'ai.outline': { rule: PUBLIC, input: () => ({ topic: '权限测试辩题', side: 'aff' }) },
  'ai.sendOutline': {
    rule: AUTHED,
    input: () => ({
      projectId: 'no-such-project',
      title: '立论框架',
      topic: '权限测试辩题',
      side: 'aff',
      outline: { arguments: [{ claim: '论点' }] },
    }),
  },
  'ai.feedback': {
    rule: PUBLIC,
    input: () => ({ rating: 'up', question: '铃声怎么设置', mode: 'deterministic' }),
  },
  'ai.feedbackList': { rule: ADMIN, input: () => ({}) },
  'commerce.admin.orders': { rule: ADMIN, input: () => ({}) },
  'commerce.admin.markPaid': { rule: ADMIN, input: () => ({ number: 'BS20260101NONE00', note: '' }) },
  'commerce.admin.generate': {
    rule: ADMIN,
    input: () => ({ plan: 'trial', quantity: 0, months: 1, seats: 1, expiresInDays: 1, note: '' }),
  },
  'commerce.admin.batches': { rule: ADMIN },
  'commerce.admin.search': { rule: ADMIN, input: () => ({ query: 'ZZZZ' }) },
  'commerce.admin.keyAction': {
    rule: ADMIN,
    input: () => ({ id: 'no-such-key', action: 'suspend', reason: '权限测试' }),
  },
  'commerce.admin.extendKey': {
    rule: ADMIN,
    input: () => ({ id: 'no-such-key', days: 1, reason: '权限测试' }),
  },
  'commerce.admin.audit': { rule: ADMIN, input: () => ({}) },
  'commerce.admin.invoices': { rule: ADMIN, input: () => ({}) },
  'commerce.admin.rejectInvoice': {
    rule: ADMIN,
    input: () => ({ id: 'no-such-invoice', reason: '权限测试' }),
  },

  'tournament.list': { rule: PUBLIC, input: () => ({ scope: 'public' }) },
  'tournament.get': { rule: PUBLIC, input: (fx) => ({ slug: slugOf(fx) }) },
  'tournament.watch': { rule: PUBLIC, input: (fx) => ({ slug: slugOf(fx) }) },
  'tournament.live': { rule: PUBLIC, input: (fx) => ({ slug: slugOf(fx) }) },
  'tournament.create': { rule: AUTHED, input: () => ({ tournament: { name: '', slug: 'perm' } }) },
  // A folder with no teams: refused as invalid, nothing created.
  'tournament.importTabbycat': {
    rule: AUTHED,
    input: () => ({ files: { 'institutions.csv': 'code,name\nX,Y\n' } }),
  },
  // An address that is not http(s): refused before anything is fetched or written.
  'tournament.tabbycatLink': {
    rule: AUTHED,
    input: () => ({ siteUrl: 'ftp://tab.invalid', tournamentSlug: 'perm', token: 'not-a-real-token' }),
  },
  // The row's tournament is not linked to Tabbycat: NOT_FOUND for whoever may pull.
  'tournament.tabbycatPullRound': {
    rule: tournament('organizer'),
    input: (fx) => ({ tournamentId: tournamentId(fx), roundSeq: 1 }),
  },
  'tournament.update': {
    rule: tournament('organizer'),
    input: (fx) => ({ tournamentId: tournamentId(fx), tournament: {} }),
  },
  // The owner goes last: its call deletes the row's own tournament.
  'tournament.remove': { rule: tournament('owner'), input: (fx) => ({ tournamentId: tournamentId(fx) }) },
  'tournament.addOrganizer': {
    rule: tournament('owner'),
    input: (fx) => ({ tournamentId: tournamentId(fx), email: 'nobody@bianshi.test', role: 'organizer' }),
  },
  'tournament.staffInvites': {
    rule: tournament('owner'),
    input: (fx) => ({ tournamentId: tournamentId(fx) }),
  },
  'tournament.revokeStaffInvite': {
    rule: tournament('owner'),
    input: (fx) => ({ tournamentId: tournamentId(fx), email: 'nobody@bianshi.test' }),
  },
  'tournament.removeOrganizer': {
    rule: tournament('owner'),
    input: (fx) => ({ tournamentId: tournamentId(fx), userId: 'no-such-user' }),
  },
  'tournament.importTeams': {
    rule: tournament('organizer'),
    input: (fx) => ({ tournamentId: tournamentId(fx), import: { source: 'csv', text: '未知列\n1' } }),
  },
  'tournament.removeTeam': {
    rule: tournament('organizer'),
    input: (fx) => ({ tournamentId: tournamentId(fx), teamId: 'no-such-team' }),
  },
  'tournament.addJudge': {
    rule: tournament('judgeCoordinator'),
    input: (fx) => ({ tournamentId: tournamentId(fx), judge: { name: '' } }),
  },
  'tournament.removeJudge': {
    rule: tournament('judgeCoordinator'),
    input: (fx) => ({ tournamentId: tournamentId(fx), judgeId: 'no-such-judge' }),
  },
  'tournament.rotateJudgeLink': {
    rule: tournament('judgeCoordinator'),
    input: (fx) => ({ tournamentId: tournamentId(fx), judgeId: 'no-such-judge' }),
  },
  'tournament.setConflicts': {
    rule: tournament('judgeCoordinator'),
    input: (fx) => ({ tournamentId: tournamentId(fx), judgeId: 'no-such-judge', schoolKeys: [] }),
  },
  'tournament.generateDraw': {
    rule: tournament('organizer'),
    input: (fx) => ({ tournamentId: tournamentId(fx), draw: { poolCount: 99 } }),
  },
  'tournament.setDraw': {
    rule: tournament('organizer'),
    input: (fx) => ({ tournamentId: tournamentId(fx), draw: { pools: [] } }),
  },
  'tournament.addRound': {
    rule: tournament('organizer'),
    input: (fx) => ({ tournamentId: tournamentId(fx), round: { drawKind: 'no-such-kind' } }),
  },
  'tournament.drawRound': {
    rule: tournament('organizer'),
    input: (fx) => ({ tournamentId: tournamentId(fx), draw: { roundId: 'no-such-round' } }),
  },
  'tournament.setAbsent': {
    rule: tournament('organizer'),
    input: (fx) => ({
      tournamentId: tournamentId(fx),
      absent: { roundId: 'no-such-round', kind: 'teams', ids: [] },
    }),
  },
  'tournament.updateFixture': {
    rule: tournament('organizer'),
    input: (fx) => ({ tournamentId: tournamentId(fx), fixtureId: 'no-such-fixture', patch: {} }),
  },
  'tournament.assignJudges': {
    rule: tournament('judgeCoordinator'),
    input: (fx) => ({ tournamentId: tournamentId(fx), roundId: 'no-such-round' }),
  },
  'tournament.allocation': {
    rule: tournament('judgeCoordinator'),
    input: (fx) => ({ tournamentId: tournamentId(fx), roundId: 'no-such-round' }),
  },
  'tournament.setPanels': {
    rule: tournament('judgeCoordinator'),
    input: (fx) => ({ tournamentId: tournamentId(fx), panels: { roundId: 'no-such-round', panels: [] } }),
  },
  'tournament.tabbycatLinkInfo': {
    rule: tournament('organizer'),
    input: (fx) => ({ tournamentId: tournamentId(fx) }),
  },
  'tournament.publishRound': {
    rule: tournament('organizer'),
    input: (fx) => ({ tournamentId: tournamentId(fx), roundId: 'no-such-round' }),
  },
  'tournament.setTopic': {
    rule: tournament('organizer'),
    input: (fx) => ({
      tournamentId: tournamentId(fx),
      roundId: 'no-such-round',
      topicId: null,
      releaseAt: null,
    }),
  },
  'tournament.releaseTopic': {
    rule: tournament('organizer'),
    input: (fx) => ({ tournamentId: tournamentId(fx), roundId: 'no-such-round' }),
  },
  'tournament.setRoundMotions': {
    rule: tournament('organizer'),
    input: (fx) => ({ tournamentId: tournamentId(fx), roundId: 'no-such-round', motions: [] }),
  },
  'tournament.releaseRoundMotions': {
    rule: tournament('organizer'),
    input: (fx) => ({ tournamentId: tournamentId(fx), roundId: 'no-such-round' }),
  },
  'tournament.setFixtureMotion': {
    rule: tournament('organizer'),
    input: (fx) => ({ tournamentId: tournamentId(fx), fixtureId: 'no-such-fixture', motionId: null }),
  },
  // The private judge link is the capability itself; presenting it is the proof.
  'tournament.ballot': {
    rule: PUBLIC,
    input: (fx) => ({ token: fx.tournament?.judgeToken ?? 'x'.repeat(40) }),
  },
  'tournament.submitBallot': {
    rule: PUBLIC,
    input: (fx) => ({
      token: fx.tournament?.judgeToken ?? 'x'.repeat(40),
      fixtureId: 'no-such-fixture',
      submissionId: `perm-${fx.unique}`,
      ballot: { winner: 'aff' },
    }),
  },
  'tournament.ballots': {
    rule: tournament('judgeCoordinator'),
    input: (fx) => ({ tournamentId: tournamentId(fx), fixtureId: 'no-such-fixture' }),
  },
  'tournament.confirmResult': {
    rule: tournament('organizer'),
    input: (fx) => ({ tournamentId: tournamentId(fx), fixtureId: 'no-such-fixture' }),
  },
  'tournament.editResult': {
    rule: tournament('organizer'),
    input: (fx) => ({
      tournamentId: tournamentId(fx),
      fixtureId: 'no-such-fixture',
      result: { winner: 'aff', votes: { aff: 1, neg: 0 } },
    }),
  },
  'tournament.editBpResult': {
    rule: tournament('organizer'),
    input: (fx) => ({
      tournamentId: tournamentId(fx),
      fixtureId: 'no-such-fixture',
      bp: {
        ranking: { og: 1, oo: 2, cg: 3, co: 4 },
        scores: { og: [80, 80], oo: [78, 78], cg: [76, 76], co: [74, 74] },
      },
    }),
  },
  'tournament.createKnockout': {
    rule: tournament('organizer'),
    input: (fx) => ({ tournamentId: tournamentId(fx), knockout: { advancePerPool: 1 } }),
  },
  'tournament.advanceKnockout': {
    rule: tournament('organizer'),
    input: (fx) => ({ tournamentId: tournamentId(fx) }),
  },
  'tournament.breakPreview': {
    rule: tournament('judgeCoordinator'),
    input: (fx) => ({ tournamentId: tournamentId(fx) }),
  },
  'tournament.setBreakCategory': {
    rule: tournament('organizer'),
    input: (fx) => ({
      tournamentId: tournamentId(fx),
      category: { categoryId: 'no-such-category', size: 4, rule: 'standard' },
    }),
  },
  'tournament.createBreakCategory': {
    rule: tournament('organizer'),
    input: (fx) => ({
      tournamentId: tournamentId(fx),
      category: { name: '公开组', size: 1, rule: 'standard' },
    }),
  },
  'tournament.setBreakEligibility': {
    rule: tournament('organizer'),
    input: (fx) => ({
      tournamentId: tournamentId(fx),
      eligibility: { categoryId: 'no-such-category', teamIds: [] },
    }),
  },
  'tournament.deleteBreakCategory': {
    rule: tournament('organizer'),
    input: (fx) => ({ tournamentId: tournamentId(fx), categoryId: 'no-such-category' }),
  },
  'tournament.releaseBreak': {
    rule: tournament('organizer'),
    input: (fx) => ({ tournamentId: tournamentId(fx) }),
  },
  'tournament.releasedBreak': { rule: PUBLIC, input: (fx) => ({ slug: slugOf(fx) }) },
  'tournament.speakerTab': { rule: PUBLIC, input: (fx) => ({ slug: slugOf(fx) }) },
  'tournament.exportFixtures': { rule: PUBLIC, input: (fx) => ({ slug: slugOf(fx) }) },
  'tournament.exportStandings': { rule: PUBLIC, input: (fx) => ({ slug: slugOf(fx) }) },
  'tournament.exportTabbycat': {
    rule: tournament('organizer'),
    input: (fx) => ({ tournamentId: tournamentId(fx) }),
  },
  'tournament.exportDebateXml': {
    rule: tournament('organizer'),
    input: (fx) => ({ tournamentId: tournamentId(fx) }),
  },

  // Integrations: webhooks by their target's owner (timer) or organizer (lobby); API tokens by their account.
  'integrations.timerWebhooks.list': { rule: timer('owner'), input: (fx) => ({ timerId: fx.timerId }) },
  'integrations.timerWebhooks.create': {
    rule: timer('owner'),
    input: (fx) => ({ timerId: fx.timerId, url: 'https://hooks.bianshi.test/in', events: ['bell'] }),
  },
  'integrations.timerWebhooks.update': {
    rule: timer('owner'),
    input: (fx) => ({ timerId: fx.timerId, webhookId: 'missing', enabled: false }),
  },
  'integrations.timerWebhooks.remove': {
    rule: timer('owner'),
    input: (fx) => ({ timerId: fx.timerId, webhookId: 'missing' }),
  },
  'integrations.timerWebhooks.test': {
    rule: timer('owner'),
    input: (fx) => ({ timerId: fx.timerId, webhookId: 'missing' }),
  },
  'integrations.timerWebhooks.deliveries': {
    rule: timer('owner'),
    input: (fx) => ({ timerId: fx.timerId, webhookId: 'missing' }),
  },
  'integrations.timerWebhooks.redeliver': {
    rule: timer('owner'),
    input: (fx) => ({ timerId: fx.timerId, webhookId: 'missing', deliveryId: 1 }),
  },
  'integrations.lobbyWebhooks.list': { rule: ORGANIZER, input: (fx) => ({ lobbyId: lobbyId(fx) }) },
  'integrations.lobbyWebhooks.create': {
    rule: ORGANIZER,
    input: (fx) => ({ lobbyId: lobbyId(fx), url: 'https://hooks.bianshi.test/in', events: ['bell'] }),
  },
  'integrations.lobbyWebhooks.update': {
    rule: ORGANIZER,
    input: (fx) => ({ lobbyId: lobbyId(fx), webhookId: 'missing', enabled: false }),
  },
  'integrations.lobbyWebhooks.remove': {
    rule: ORGANIZER,
    input: (fx) => ({ lobbyId: lobbyId(fx), webhookId: 'missing' }),
  },
  'integrations.lobbyWebhooks.test': {
    rule: ORGANIZER,
    input: (fx) => ({ lobbyId: lobbyId(fx), webhookId: 'missing' }),
  },
  'integrations.lobbyWebhooks.deliveries': {
    rule: ORGANIZER,
    input: (fx) => ({ lobbyId: lobbyId(fx), webhookId: 'missing' }),
  },
  'integrations.lobbyWebhooks.redeliver': {
    rule: ORGANIZER,
    input: (fx) => ({ lobbyId: lobbyId(fx), webhookId: 'missing', deliveryId: 1 }),
  },
  'integrations.tokens.list': { rule: AUTHED },
  'integrations.tokens.create': { rule: AUTHED, input: () => ({ name: '权限测试令牌' }) },
  'integrations.tokens.revoke': { rule: AUTHED, input: () => ({ tokenId: 'missing' }) },
};

/** Callers, weakest first; the owner goes last so its destructive calls come after the others'. */
const CALLERS = [
  'anonymous',
  'lobbyOrganizer',
  'keyHolder',
  'viewer',
  'judge',
  'controller',
  'editor',
  'admin',
  'otherOwner',
  'owner',
] as const;
type CallerName = (typeof CALLERS)[number];

interface CallerFacts {
  /** Role on the row's timer. */
  role: TimerRole;
  account: boolean;
  admin: boolean;
  lobbyOrganizer: boolean;
  /** Role on the row's workbench project, if any. */
  projectRole: ProjectRole | null;
  /** Staff role on the row's tournament, if any. */
  tournamentRole?: TournamentRole;
}

const FACTS: Record<CallerName, CallerFacts> = {
  anonymous: { role: 'viewer', account: false, admin: false, lobbyOrganizer: false, projectRole: null },
  lobbyOrganizer: { role: 'viewer', account: false, admin: false, lobbyOrganizer: true, projectRole: null },
  // The control key of an account-owned timer: a controller, without an account.
  keyHolder: { role: 'controller', account: false, admin: false, lobbyOrganizer: false, projectRole: null },
  viewer: { role: 'viewer', account: true, admin: false, lobbyOrganizer: false, projectRole: 'viewer' },
  judge: { role: 'judge', account: true, admin: false, lobbyOrganizer: false, projectRole: 'commenter' },
  controller: {
    role: 'controller',
    account: true,
    admin: false,
    lobbyOrganizer: false,
    projectRole: 'commenter',
    tournamentRole: 'judgeCoordinator',
  },
  editor: {
    role: 'editor',
    account: true,
    admin: false,
    lobbyOrganizer: false,
    projectRole: 'editor',
    tournamentRole: 'organizer',
  },
  // Admin is global (cdkeys, users), not a role on other people's timers.
  admin: { role: 'viewer', account: true, admin: true, lobbyOrganizer: false, projectRole: null },
  otherOwner: { role: 'viewer', account: true, admin: false, lobbyOrganizer: false, projectRole: null },
  owner: {
    role: 'owner',
    account: true,
    admin: false,
    lobbyOrganizer: false,
    projectRole: 'owner',
    tournamentRole: 'owner',
  },
};

function expectedAllowed(rule: Rule, caller: CallerFacts): boolean {
  switch (rule.kind) {
    case 'public':
      return true;
    case 'authed':
      return caller.account;
    case 'admin':
      return caller.admin;
    case 'timer':
      return atLeast(caller.role, rule.minimum);
    case 'timer+account':
      return caller.account && atLeast(caller.role, rule.minimum);
    case 'lobby-organizer':
      return caller.lobbyOrganizer;
    case 'lobby-organizer+account':
      return caller.lobbyOrganizer && caller.account;
    case 'project':
      return roleAtLeast(caller.projectRole, rule.minimum);
    case 'tournament':
      return tournamentRoleAtLeast(caller.tournamentRole ?? null, rule.minimum);
  }
}

/** How a call ended: past authorization, refused by it, or broken (neither, and a bug). */
type Outcome = 'allowed' | 'denied' | 'broken';

/** Refusals that mean "authorized, but this input or state is refused": the row's call was allowed. */
const EXPECTED_REFUSALS = new Set([
  'BAD_REQUEST',
  'NOT_FOUND',
  'CONFLICT',
  'PRECONDITION_FAILED',
  'PAYLOAD_TOO_LARGE',
  'UNPROCESSABLE_CONTENT',
  'TOO_MANY_REQUESTS',
  'METHOD_NOT_SUPPORTED',
]);

/** Classifies a failed call by its tRPC error code; a 500, a timeout or a non-tRPC failure is broken. */
export function outcomeOf(error: unknown): { outcome: Outcome; code: string } {
  const code =
    error instanceof TRPCClientError ? (error.data as { code?: unknown } | undefined)?.code : undefined;
  if (typeof code !== 'string')
    return { outcome: 'broken', code: error instanceof Error ? error.message : String(error) };
  if (code === 'UNAUTHORIZED' || code === 'FORBIDDEN') return { outcome: 'denied', code };
  return { outcome: EXPECTED_REFUSALS.has(code) ? 'allowed' : 'broken', code };
}

const procedures = (
  appRouter as unknown as {
    _def: { procedures: Record<string, { _def: { type: 'query' | 'mutation' | 'subscription' } }> };
  }
)._def.procedures;

describe('the permission table', () => {
  it('counts a 500, a timeout or a dropped connection as broken, never as allowed', () => {
    const trpcError = (code: string) =>
      new TRPCClientError('x', {
        result: { error: { message: 'x', code: -32000, data: { code } } } as never,
      });
    expect(outcomeOf(trpcError('INTERNAL_SERVER_ERROR')).outcome).toBe('broken');
    expect(outcomeOf(new Error('no answer from timer.watch')).outcome).toBe('broken');
    expect(outcomeOf(new TRPCClientError('fetch failed')).outcome).toBe('broken');
    expect(outcomeOf(trpcError('FORBIDDEN')).outcome).toBe('denied');
    expect(outcomeOf(trpcError('UNAUTHORIZED')).outcome).toBe('denied');
    expect(outcomeOf(trpcError('BAD_REQUEST')).outcome).toBe('allowed');
    expect(outcomeOf(trpcError('NOT_FOUND')).outcome).toBe('allowed');
  });

  it('declares every procedure of the router', () => {
    const missing = Object.keys(procedures).filter((path) => !(path in TABLE));
    expect(
      missing,
      `procedures without a permission rule: add them to TABLE in ${import.meta.filename}`,
    ).toEqual([]);
  });
});

describe.each(DATABASE_KINDS)('every procedure × every caller (%s)', (database) => {
  let hub: TestHub;
  const accounts = new Map<CallerName | 'target' | 'signIn', SessionUser>();
  const lines: string[] = [];

  beforeAll(async () => {
    hub = await startHub({ database, env: { TRUST_PROXY: 'true' } });
    const names = [
      'viewer',
      'judge',
      'controller',
      'editor',
      'admin',
      'otherOwner',
      'owner',
      'target',
      'signIn',
    ] as const;
    const created = await Promise.all(
      names.map((name) =>
        hub.services.auth.signUp(
          {
            email: name === 'admin' ? 'perm-admin@bianshi.test' : `perm-${name.toLowerCase()}@bianshi.test`,
            password: 'correct horse battery',
          },
          'permissions',
        ),
      ),
    );
    names.forEach((name, index) => accounts.set(name, created[index]!.user));
    // What `npm run admin -- grant` does: ADMIN_EMAILS only counts for verified addresses.
    await hub.services.auth.setAdmin('perm-admin@bianshi.test', true);
    await hub.services.timers.create({ name: '别人的计时器', ownerId: accounts.get('otherOwner')!.id });
    // The owner makes a tournament for every row that needs one, and every caller with a project
    // role joins its workbench (six people): more than a trial allows (one tournament, five
    // people), so the owner holds an enterprise plan (no tournament limit).
    const ownerId = accounts.get('owner')!.id;
    await hub.services.database.db.transaction((tx) =>
      grantPlan(tx, {
        userId: ownerId,
        plan: 'enterprise',
        months: 12,
        seats: 1,
        source: 'cdkey',
        sourceRef: 'permissions-test',
        now: new Date(),
      }),
    );
  }, 180_000);
  afterAll(async () => {
    if (lines.length) console.info(`permission matrix (${database}):\n${lines.join('\n')}`);
    await hub?.close();
  });

  let serial = 0;
  let lastProjectId: string | null = null;
  async function projectFixture(): Promise<NonNullable<Fixture['project']>> {
    const owner = { userId: accounts.get('owner')!.id };
    const workbench = hub.services.yjs.workbench;
    // One project at a time (the previous row's goes first), well inside the owner's plan.
    if (lastProjectId) await workbench.remove(lastProjectId, owner).catch(() => {});
    const { projectId } = await workbench.create(owner.userId, { kind: 'workbench', name: '权限测试项目' });
    const grants: [CallerName | 'target', ProjectRole][] = [
      ...CALLERS.filter((name) => FACTS[name].projectRole && name !== 'owner').map(
        (name) => [name, FACTS[name].projectRole!] as [CallerName, ProjectRole],
      ),
      ['target', 'editor'],
    ];
    for (const [name, role] of grants) {
      const invite = await workbench.createInvite(projectId, owner, {
        role: role as 'viewer' | 'commenter' | 'editor',
        expiresInHours: 1,
      });
      await workbench.acceptInvite(invite.token, accounts.get(name)!.id);
    }
    const invite = await workbench.createInvite(projectId, owner, { role: 'viewer', expiresInHours: 1 });
    const documentId = (await workbench.detail(projectId, owner)).documents[0]!.id;
    const version = await workbench.saveVersion(documentId, owner, '初稿');
    lastProjectId = projectId;
    return {
      id: projectId,
      documentId,
      versionId: version.id,
      inviteId: invite.id,
      inviteToken: invite.token,
    };
  }

  async function tournamentFixture(unique: string): Promise<NonNullable<Fixture['tournament']>> {
    const owner = accounts.get('owner')!;
    const tournaments = hub.services.tournaments.core;
    const slug = `perm-${unique}`
      .toLowerCase()
      .replace(/[^a-z0-9-]/g, '-')
      .slice(0, 48);
    const { id } = await tournaments.create(
      { name: '权限测试赛事', slug },
      { id: owner.id, email: owner.email, displayName: '' },
    );
    const row = await tournaments.find(id);
    for (const name of CALLERS) {
      const role = FACTS[name].tournamentRole;
      if (role && role !== 'owner') {
        // Invited by email, then claimed the way the invitee's first visit claims it.
        await hub.services.tournaments.invites.invite(row, {
          email: accounts.get(name)!.email,
          role,
          inviter: '所有者',
          inviterId: owner.id,
          link: '',
        });
        await hub.services.tournaments.invites.claim(accounts.get(name)!, id);
      }
    }
    const judge = await hub.services.tournaments.participants.addJudge(row, {
      name: '权限测试评委',
      email: '',
      conflicts: [],
    });
    return { id, slug, judgeToken: judge.ballotToken! };
  }

  async function fixture(withLobby: boolean, withProject = false, withTournament = false): Promise<Fixture> {
    const owner = accounts.get('owner')!;
    const created = await hub.services.timers.create({ name: '权限测试', ownerId: owner.id });
    for (const role of ['viewer', 'judge', 'controller', 'editor'] as const) {
      await hub.services.members.putMember(created.timer.id, accounts.get(role)!.id, role);
    }
    await hub.services.members.putMember(created.timer.id, accounts.get('target')!.id, 'judge');
    const invite = await hub.services.members.createInvite(
      created.timer.id,
      { role: 'viewer', expiresInHours: 1 },
      owner.id,
    );
    let lobby: Fixture['lobby'] = null;
    if (withLobby) {
      const made = (await client('anonymous', null).mutation('lobby.create', { name: '权限测试大厅' })) as {
        id: string;
        code: string;
        organizerKey: string;
      };
      lobby = { id: made.id, code: made.code, organizerKey: made.organizerKey };
    }
    serial += 1;
    const unique = `${database}-${serial}-${Math.random().toString(36).slice(2, 8)}`;
    return {
      timerId: created.timer.id,
      shortid: created.timer.shortid,
      matchId: created.matchId,
      controlKey: created.controlKey,
      targetUserId: accounts.get('target')!.id,
      inviteId: invite.id,
      inviteToken: invite.token,
      lobby,
      signInEmail: 'perm-signin@bianshi.test',
      unique,
      project: withProject ? await projectFixture() : null,
      tournament: withTournament ? await tournamentFixture(unique) : null,
    };
  }

  /** Headers a caller's browser (or script) sends: its own address, Origin, session, bearer. */
  async function headersFor(name: CallerName, fx: Fixture | null): Promise<Record<string, string>> {
    const headers: Record<string, string> = {
      origin: hub.url,
      'x-forwarded-for': `10.0.${CALLERS.indexOf(name)}.${serial % 250}`,
    };
    const account = accounts.get(name);
    if (account) {
      const { token } = await hub.services.auth.startSession(account, 'permissions');
      headers.cookie = `${hub.services.auth.cookies.session}=${token}`;
    }
    if (name === 'keyHolder' && fx) headers.authorization = `Bearer ${fx.controlKey}`;
    if (name === 'lobbyOrganizer' && fx?.lobby) headers.authorization = `Bearer ${fx.lobby.organizerKey}`;
    return headers;
  }

  function client(name: CallerName, headers: Record<string, string> | null): TRPCUntypedClient<AnyRouter> {
    const sent = headers ?? { origin: hub.url, 'x-forwarded-for': `10.9.9.${serial % 250}` };
    return createTRPCUntypedClient({
      links: [httpBatchLink({ url: `${hub.url}/api/trpc`, transformer: createTransformer(), headers: sent })],
    });
  }

  /** Subscribes over a WebSocket whose upgrade carries the caller's headers; resolves with the first data or error. */
  function subscribeOnce(
    headers: Record<string, string>,
    params: Record<string, string>,
    path: string,
    input: unknown,
  ): Promise<unknown> {
    const { authorization, ...upgradeHeaders } = headers;
    class HeaderSocket extends WebSocket {
      constructor(address: string | URL, protocols?: string | string[]) {
        super(address, protocols, { headers: upgradeHeaders });
      }
    }
    const bearer = authorization?.replace(/^Bearer /, '');
    const socket = createWSClient({
      url: hub.wsUrl,
      WebSocket: HeaderSocket as unknown as typeof globalThis.WebSocket,
      connectionParams: { ...params, ...(bearer ? { controlKey: bearer, organizerKey: bearer } : {}) },
    });
    const ws = createTRPCUntypedClient({
      links: [wsLink({ client: socket, transformer: createTransformer() })],
    });
    return new Promise<unknown>((resolve, reject) => {
      const timeout = setTimeout(() => done(() => reject(new Error(`no answer from ${path}`))), 15_000);
      const holder: { subscription?: { unsubscribe(): void } } = {};
      const done = (settle: () => void) => {
        clearTimeout(timeout);
        holder.subscription?.unsubscribe();
        socket.close();
        settle();
      };
      holder.subscription = ws.subscription(path, input, {
        onData: (data) => done(() => resolve(data)),
        onError: (error) => done(() => reject(error)),
      });
    });
  }

  async function call(
    name: CallerName,
    path: string,
    fx: Fixture,
  ): Promise<{ outcome: Outcome; code: string }> {
    const type = procedures[path]!._def.type;
    const input = TABLE[path]!.input?.(fx);
    const headers = await headersFor(name, fx);
    try {
      if (type === 'subscription') await subscribeOnce(headers, {}, path, input);
      else if (type === 'query') await client(name, headers).query(path, input);
      else await client(name, headers).mutation(path, input);
      return { outcome: 'allowed', code: 'OK' };
    } catch (error) {
      return outcomeOf(error);
    }
  }

  for (const path of Object.keys(TABLE)) {
    it(`${path}`, async ({ skip }) => {
      if (!(path in procedures)) skip(`${path} is not in this router yet`);
      const row = TABLE[path]!;
      const fx = await fixture(
        path.startsWith('lobby.') || path.startsWith('integrations.lobbyWebhooks.'),
        path.startsWith('workbench.'),
        path.startsWith('tournament.'),
      );
      const results: string[] = [];
      const mismatches: string[] = [];
      for (const name of CALLERS) {
        const expected = expectedAllowed(row.rule, FACTS[name]);
        const { outcome, code } = await call(name, path, fx);
        results.push(
          `${name}:${outcome === 'allowed' ? 'allow' : outcome === 'denied' ? 'deny' : 'BROKEN'}(${code})`,
        );
        if (outcome === 'broken')
          mismatches.push(
            `${name} expected ${expected ? 'allowed' : 'forbidden'}, got a broken answer: ${code}`,
          );
        else if ((outcome === 'allowed') !== expected)
          mismatches.push(`${name} expected ${expected ? 'allowed' : 'forbidden'}, got ${code}`);
      }
      lines.push(`${path.padEnd(28)} ${results.join(' ')}`);
      expect(mismatches, `${path} (${JSON.stringify(row.rule)})`).toEqual([]);
    });
  }
});
