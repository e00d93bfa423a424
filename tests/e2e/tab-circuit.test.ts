/**
 * A 24-team tournament as a tab room runs it, in a real Chromium against a hub serving the built
 * client: imported from a Tabbycat folder as it is (Tabbycat's own `australs24team` when a
 * snapshot of its repository is here, else our invented `circuit24` in the same layout), three
 * preliminary rounds — random, then power-paired — each drawn in the console, with panels of
 * three whose judges submit their own ballots (split decisions confirmed by the organizer), the
 * open category's break of 8 by its rule, and quarterfinals to a champion on the public bracket.
 * What a tab director clicks goes through the browser; the many judges' ballots go through the
 * API as their phones would send them.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getBuiltinFormat, type TournamentView } from '@bianshi/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';
import { httpClient } from '../support/trpc';
import { confirmDialog, launchBrowser, openPage, openSignedInPage } from './support/browser';

const TABBYCAT_REPO = '/work/.mirror/TabbycatDebate+tabbycat/repo';
const OWN = new URL('../fixtures/tabbycat/circuit24/', import.meta.url).pathname;

/** Tabbycat's australs24team read from the snapshot with git (never copied here), else our own folder. */
function circuitFolder(): Record<string, string> {
  if (existsSync(TABBYCAT_REPO)) {
    const git = (...args: string[]) =>
      execFileSync('git', ['-C', TABBYCAT_REPO, ...args], { encoding: 'utf8', maxBuffer: 16 << 20 });
    const files: Record<string, string> = {};
    for (const file of git('ls-tree', '--name-only', 'HEAD:data/australs24team').split('\n').filter(Boolean))
      files[file] = git('show', `HEAD:data/australs24team/${file}`);
    return files;
  }
  return Object.fromEntries(readdirSync(OWN).map((file) => [file, readFileSync(join(OWN, file), 'utf8')]));
}

let hub: TestHub;
let browser: Browser;

beforeAll(async () => {
  [hub, browser] = await Promise.all([startHub({ env: { TRUST_PROXY: 'true' } }), launchBrowser()]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await hub?.close();
});

let submission = 0;
const submissionId = () => `circuit-${Date.now().toString(36)}-${(submission += 1)}`;

describe('a 24-team circuit from import to champion', () => {
  let director: TestAccount;
  let tournamentId = '';
  let slug = '';
  const view = (): Promise<TournamentView> =>
    hub.services.tournaments.core.view(slug, { id: director.id, email: director.email, displayName: '' });

  /** Every room of the round moves on to its results; each judge of the panel sends a ballot. */
  async function judge(roundIndex: number, strength: Map<string, number>) {
    const v = await view();
    const round = v.rounds[roundIndex]!;
    const results =
      getBuiltinFormat(v.format.kind === 'builtin' ? v.format.id : 'australs')!.stages.length - 1;
    // Each judge's phone from its own address (the hub allows a venue's Wi-Fi 120 a minute; a
    // test sends a day's ballots in seconds).
    const phone = (seat: number) =>
      httpClient(hub.url, { 'x-forwarded-for': `198.51.100.${10 + roundIndex * 3 + seat}` }).tournament;
    let splits = 0;
    for (const [index, fixture] of round.fixtures.entries()) {
      await director.client.timer.command.mutate({
        timerId: fixture.timerId!,
        command: { type: 'goto', stageIndex: results },
      });
      // Panels of three where there are judges enough (australs24team has 28 for 12 rooms: the
      // four top rooms get three, the rest two; every room a chair first).
      expect(fixture.judgeIds.length).toBeGreaterThanOrEqual(2);
      const stronger = strength.get(fixture.affTeamId!)! < strength.get(fixture.negTeamId!)! ? 'aff' : 'neg';
      const weaker = stronger === 'aff' ? 'neg' : 'aff';
      // Every third room of three judges is a split: the third judge dissents.
      const split = fixture.judgeIds.length === 3 && index % 3 === 0;
      if (split) splits += 1;
      for (const [seat, judgeId] of fixture.judgeIds.entries()) {
        const token = v.judges.find((each) => each.id === judgeId)!.ballotToken!;
        await phone(seat).submitBallot.mutate({
          token,
          fixtureId: fixture.id,
          submissionId: submissionId(),
          ballot: { winner: split && seat === 2 ? weaker : stronger, comment: '' },
        });
      }
    }
    return splits;
  }

  async function signedInPage(viewport = { width: 1440, height: 900 }) {
    return openSignedInPage(browser, hub.url, director.cookie, { viewport });
  }

  async function drawInConsole(page: Page, roundName: string) {
    const card = page.getByTestId('tm-round-card').filter({ hasText: roundName });
    await card.getByTestId('tm-draw-round').click();
    await expect.poll(() => card.getByTestId('tm-fixture-row').count(), { timeout: 20_000 }).toBe(12);
    return card;
  }

  it('runs three preliminary rounds with panels of three, breaks 8 and plays to a champion', async () => {
    director = await createAccount(hub, 'circuit-director');
    const files = circuitFolder();
    const imported = await director.client.tournament.importTabbycat.mutate({ files });
    ({ id: tournamentId, slug } = imported.tournament);
    expect(imported).toMatchObject({ teams: 24 });
    let v = await view();
    expect(v.rounds.slice(0, 3).map((round) => round.drawKind)).toEqual(['random', 'power', 'power']);
    // A fixed strength order decides who wins: the earlier team in the list.
    const strength = new Map(v.teams.map((team, index) => [team.id, index]));

    const { context, page, errors } = await signedInPage();
    await page.goto(`${hub.url}/worldcup/${slug}/manage#tm-rounds`);
    let splitsConfirmed = 0;
    for (const [index, name] of v.rounds
      .slice(0, 3)
      .map((round) => round.name)
      .entries()) {
      const card = await drawInConsole(page, name);
      if (index > 0)
        expect(await card.getByTestId('tm-fixture-bracket').first().innerText()).toMatch(/\d+ 胜组/);
      // Publishing seats the panels: a chair everywhere, three judges in the top rooms.
      await card.getByTestId('tm-publish-round').click();
      await confirmDialog(page);
      await expect.poll(() => card.getAttribute('data-status'), { timeout: 30_000 }).toBe('published');
      const seated = (await view()).rounds[index]!.fixtures;
      const panels = seated.map((fixture) => fixture.judgeIds.length);
      expect(panels.filter((size) => size === 3).length).toBeGreaterThanOrEqual(4);
      // The top bracket is served first. Which of its rooms gets the third judge depends on the
      // judges' conflicts, and the draw changes from run to run, so no single room is checked.
      const top = Math.max(...seated.map((fixture) => fixture.bracket ?? 0));
      expect(seated.some((fixture) => (fixture.bracket ?? 0) === top && fixture.judgeIds.length === 3)).toBe(
        true,
      );
      const splits = await judge(index, strength);
      // Splits wait for the organizer (待裁定); unanimous rooms are confirmed by their ballots.
      await expect
        .poll(() => card.getByTestId('tm-awaiting-decision').count(), { timeout: 20_000 })
        .toBe(splits);
      v = await view();
      for (const fixture of v.rounds[index]!.fixtures.filter((each) => !each.result?.confirmed)) {
        expect(fixture.ballotTally).toMatchObject({ awaitingDecision: true });
        expect(fixture.ballotTally!.votes.aff + fixture.ballotTally!.votes.neg).toBe(3);
        await director.client.tournament.confirmResult.mutate({ tournamentId, fixtureId: fixture.id });
        splitsConfirmed += 1;
      }
    }
    expect(splitsConfirmed).toBeGreaterThanOrEqual(3);
    v = await view();
    // No pair met twice; the table has 24 teams, the top one unbeaten.
    const pairs = v.rounds
      .slice(0, 3)
      .flatMap((round) => round.fixtures.map((f) => [f.affTeamId, f.negTeamId].sort().join('|')));
    expect(new Set(pairs).size).toBe(36);
    expect(v.standings[0]!.rows).toHaveLength(24);
    expect(v.standings[0]!.rows[0]!.wins).toBe(3);
    // The break of 8: the folder's open category (by its rule, AIDA 2016 in australs24team).
    const { categories } = await director.client.tournament.breakPreview.query({ tournamentId });
    const breaking = categories.find((category) => category.isGeneral)!.breaking.map((row) => row.teamId);
    expect(breaking).toHaveLength(8);

    // The knockout from the console, seeded from the open break.
    await page.goto(`${hub.url}/worldcup/${slug}/manage#tm-knockout`);
    await page.getByTestId('tm-knockout-from-break').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('tm-advance-count').count()).toBe(0);
    await page.getByTestId('tm-create-knockout').click();
    await confirmDialog(page);
    await page.getByTestId('bracket').waitFor({ timeout: 20_000 });
    // The knockout plays the open break's rounds from the final back: quarterfinals first.
    const knockoutRounds = async () => {
      const current = await view();
      const stage = current.stages.find((each) => each.kind === 'knockout')!;
      return current.rounds.filter((round) => round.stageId === stage.id).sort((x, y) => x.number - y.number);
    };
    const [quarterfinals] = await knockoutRounds();
    expect(quarterfinals!.name).toMatch(/Quarterfinal/);
    expect(quarterfinals!.fixtures).toHaveLength(4);
    expect(new Set(quarterfinals!.fixtures.flatMap((f) => [f.affTeamId, f.negTeamId]))).toEqual(
      new Set(breaking),
    );

    // Quarterfinals, semifinals and the final: published, judged by their panels, advanced.
    for (const stageRound of [0, 1, 2]) {
      const round = (await knockoutRounds())[stageRound]!;
      expect(round.fixtures.length).toBe(4 >> stageRound);
      await director.client.tournament.publishRound.mutate({ tournamentId, roundId: round.id });
      const index = (await view()).rounds.findIndex((each) => each.id === round.id);
      await judge(index, strength);
      for (const fixture of (await view()).rounds[index]!.fixtures.filter((each) => !each.result?.confirmed))
        await director.client.tournament.confirmResult.mutate({ tournamentId, fixtureId: fixture.id });
      if (stageRound < 2) await director.client.tournament.advanceKnockout.mutate({ tournamentId });
    }
    expect((await knockoutRounds())[2]!.name).toMatch(/Grand Final/);
    v = await view();
    const champion = v.teams.find(
      (team) => team.id === breaking.sort((x, y) => strength.get(x)! - strength.get(y)!)[0],
    )!;

    // The public page's bracket names the champion.
    const visitor = await openPage(browser, { viewport: { width: 1920, height: 1080 } });
    await visitor.page.goto(`${hub.url}/worldcup/${slug}?tab=bracket`);
    await expect
      .poll(() => visitor.page.getByTestId('bracket-champion').innerText(), { timeout: 20_000 })
      .toContain(champion.name);
    expect(errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    await context.close();
  }, 240_000);
});
