/**
 * DebateXML: the archive of a whole tournament that tab sites publish and Tabbycat imports
 * (root `<tournament>`; `<round>`s of `<debate>`s whose `<side>`s carry the team's `<ballot>`
 * and each `<speech>`; then `<participants>`, categories, institutions, motions and venues, all
 * tied together by document-wide ids: T1, S1, A1, I1, M1, V1, BC1, SC1, D1).
 *
 * Results are consensus ballots (one per side and one per speech, from the whole panel). Emails
 * are left out: the archive is meant to be published.
 */
import type { TabbycatImport, TabbycatTeam } from './types';

/** One speech: the speaker (by name, within the side's team), the score, and whether it is a reply. */
export interface DebateXmlSpeech {
  speaker: string;
  score: number;
  reply?: boolean;
}

/** One side of a debate, in side order (Gov/Opp, or OG/OO/CG/CO). */
export interface DebateXmlSide {
  /** The team's display name (or long name). */
  team: string;
  /** Team points: BP 3/2/1/0, two-team 1 for the win and 0 for the loss. The rank follows from them. */
  points: number;
  /** The team's total speaker score, when speeches are scored. */
  score?: number;
  speeches: DebateXmlSpeech[];
}

export interface DebateXmlDebate {
  venue?: string;
  /** The motion's reference. */
  motion?: string;
  adjudicators: Array<{ name: string; chair?: boolean }>;
  sides: DebateXmlSide[];
}

/** A round's debates; `round` is the round's abbreviation. Rounds without results may be left out. */
export interface DebateXmlRound {
  round: string;
  debates: DebateXmlDebate[];
}

export interface DebateXmlInput {
  name: string;
  shortName?: string;
  /** Participants, rounds, motions, venues and categories. */
  tournament: TabbycatImport;
  results: DebateXmlRound[];
}

/** The input refers to something it does not hold; `problems` lists every such reference (zh-CN). */
export class DebateXmlError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'DebateXmlError';
  }
}

// Characters XML 1.0 does not allow (control characters are the point), and UTF-16 halves without their pair.
const INVALID =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Escapes text content (a carriage return too, which parsers would otherwise fold into a line feed). */
export function xmlText(value: string): string {
  return value
    .replace(INVALID, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;');
}

/** Escapes an attribute value (double-quoted); whitespace characters stay as written. */
export function xmlAttribute(value: string): string {
  return xmlText(value).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;');
}

type Attributes = Array<[string, string | undefined]>;

function open(name: string, attributes: Attributes, close = false): string {
  const written = attributes
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${xmlAttribute(value)}"`)
    .join('');
  return `<${name}${written}${close ? '/>' : '>'}`;
}

function leaf(name: string, attributes: Attributes, text: string): string {
  return `${open(name, attributes)}${xmlText(text)}</${name}>`;
}

/** Writes the DebateXML document; throws DebateXmlError when results refer to unknown names. */
export function writeDebateXml(input: DebateXmlInput): string {
  const data = input.tournament;
  const problems: string[] = [];
  const number = (value: number, what: string): string => {
    if (!Number.isFinite(value)) problems.push(`${what}不是有效的数字`);
    return String(value);
  };

  const teamId = new Map<TabbycatTeam, string>();
  const teamByName = new Map<string, TabbycatTeam>();
  data.teams.forEach((team, index) => {
    teamId.set(team, `T${index + 1}`);
    if (!teamByName.has(team.longName)) teamByName.set(team.longName, team);
  });
  data.teams.forEach((team) => teamByName.set(team.displayName, team));
  const speakerId = new Map<TabbycatTeam, Map<string, string>>();
  let speakerCount = 0;
  for (const team of data.teams)
    speakerId.set(team, new Map(team.speakers.map((speaker) => [speaker.name, `S${++speakerCount}`])));
  /** Ids by position; a name used twice refers to its first holder. */
  const ids = <T>(items: readonly T[], key: (item: T) => string, prefix: string) => {
    const map = new Map<string, string>();
    items.forEach((item, index) => {
      if (!map.has(key(item))) map.set(key(item), `${prefix}${index + 1}`);
    });
    return map;
  };
  const adjudicatorId = ids(data.adjudicators, (adjudicator) => adjudicator.name, 'A');
  const institutionId = ids(data.institutions, (institution) => institution.code, 'I');
  const breakId = ids(data.breakCategories, (category) => category.slug, 'BC');
  const speakerCategoryId = ids(data.speakerCategories, (category) => category.slug, 'SC');
  const venueId = ids(data.venues, (venue) => venue.name, 'V');
  const motionId = ids(data.motions, (motion) => motion.reference, 'M');
  const idList = (names: readonly string[], map: Map<string, string>, what: string) =>
    names
      .map((name) => {
        const id = map.get(name);
        if (!id) problems.push(`${what}「${name}」不在名单中`);
        return id;
      })
      .filter((id): id is string => id !== undefined)
      .join(' ');

  const lines: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  lines.push(
    open('tournament', [
      ['name', input.name],
      ['short', input.shortName],
      ['style', data.teamsPerDebate === 4 ? 'bp' : undefined],
    ]),
  );

  const resultsByRound = new Map<string, DebateXmlRound>();
  for (const round of input.results) {
    if (!data.rounds.some((candidate) => candidate.abbreviation === round.round))
      problems.push(`轮次「${round.round}」不在 rounds 中`);
    else if (resultsByRound.has(round.round)) problems.push(`轮次「${round.round}」的结果出现了两次`);
    resultsByRound.set(round.round, round);
  }
  let debateCount = 0;
  for (const round of [...data.rounds].sort((a, b) => a.seq - b.seq)) {
    const elimination = round.stage === 'elimination';
    lines.push(
      '  ' +
        open('round', [
          ['name', round.name],
          ['abbreviation', round.abbreviation],
          ['elimination', String(elimination)],
          [
            'break-category',
            elimination && round.breakCategory ? breakId.get(round.breakCategory) : undefined,
          ],
        ]),
    );
    for (const [index, debate] of (resultsByRound.get(round.abbreviation)?.debates ?? []).entries()) {
      const where = `${round.abbreviation} 第 ${index + 1} 场：`;
      debateCount += 1;
      const panel = idList(
        debate.adjudicators.map((adjudicator) => adjudicator.name),
        adjudicatorId,
        `${where}裁判`,
      );
      const chairs = debate.adjudicators.filter((adjudicator) => adjudicator.chair);
      if (chairs.length > 1) problems.push(`${where}有 ${chairs.length} 位主席裁判`);
      if (debate.sides.length !== data.teamsPerDebate)
        problems.push(`${where}有 ${debate.sides.length} 支队伍，每场应为 ${data.teamsPerDebate} 支`);
      if (debate.venue !== undefined && !venueId.has(debate.venue))
        problems.push(`${where}场地「${debate.venue}」不在名单中`);
      if (debate.motion !== undefined && !motionId.has(debate.motion))
        problems.push(`${where}辩题「${debate.motion}」不在名单中`);
      lines.push(
        '    ' +
          open('debate', [
            ['id', `D${debateCount}`],
            ['adjudicators', panel === '' ? undefined : panel],
            ['chair', chairs[0] ? adjudicatorId.get(chairs[0].name) : undefined],
            ['venue', debate.venue === undefined ? undefined : venueId.get(debate.venue)],
            ['motion', debate.motion === undefined ? undefined : motionId.get(debate.motion)],
          ]),
      );
      for (const side of debate.sides) {
        const team = teamByName.get(side.team);
        if (!team) {
          problems.push(`${where}队伍「${side.team}」不在名单中`);
          continue;
        }
        const rank = 1 + debate.sides.filter((other) => other.points > side.points).length;
        lines.push('      ' + open('side', [['team', teamId.get(team)]]));
        const total = side.score === undefined ? String(rank === 1) : number(side.score, `${where}总分`);
        lines.push(
          '        ' +
            leaf(
              'ballot',
              [
                ['adjudicators', panel],
                ['rank', String(rank)],
                ['ignored', 'false'],
              ],
              total,
            ),
        );
        for (const speech of side.speeches) {
          const id = speakerId.get(team)?.get(speech.speaker);
          if (!id) {
            problems.push(`${where}队伍「${side.team}」没有辩手「${speech.speaker}」`);
            continue;
          }
          lines.push(
            '        ' +
              open('speech', [
                ['speaker', id],
                ['reply', String(speech.reply ?? false)],
              ]) +
              leaf('ballot', [['adjudicators', panel]], number(speech.score, `${where}辩手分`)) +
              '</speech>',
          );
        }
        lines.push('      </side>');
      }
      lines.push('    </debate>');
    }
    lines.push('  </round>');
  }

  lines.push('  <participants>');
  for (const team of data.teams) {
    lines.push(
      '    ' +
        open('team', [
          ['name', team.longName],
          ['id', teamId.get(team)],
          ['break-eligibilities', idList(team.breakCategories, breakId, '晋级类别')],
        ]),
    );
    for (const speaker of team.speakers)
      lines.push(
        '      ' +
          leaf(
            'speaker',
            [
              ['id', speakerId.get(team)?.get(speaker.name)],
              ['institutions', team.institution === null ? undefined : institutionId.get(team.institution)],
              ['categories', idList(speaker.categories, speakerCategoryId, '辩手类别')],
            ],
            speaker.name,
          ),
      );
    lines.push('    </team>');
  }
  for (const adjudicator of data.adjudicators) {
    const name = adjudicator.name;
    const conflictInstitutions = data.conflicts.adjudicatorInstitution
      .filter((conflict) => conflict.adjudicator === name)
      .map((conflict) => conflict.institution);
    // Tabbycat reads the first institution as the adjudicator's own.
    const institutions =
      adjudicator.institution === null ? [] : [adjudicator.institution, ...conflictInstitutions];
    const teams = data.conflicts.adjudicatorTeam
      .filter((conflict) => conflict.adjudicator === name)
      .map((conflict) => teamByName.get(conflict.team))
      .flatMap((team) => (team ? [teamId.get(team)!] : []));
    const others = data.conflicts.adjudicatorAdjudicator
      .filter((conflict) => conflict.adjudicator1 === name)
      .map((conflict) => conflict.adjudicator2);
    lines.push(
      '    ' +
        open(
          'adjudicator',
          [
            ['id', adjudicatorId.get(name)],
            ['name', name],
            ['core', String(adjudicator.adjCore)],
            ['independent', String(adjudicator.independent)],
            ['score', number(adjudicator.baseScore, `裁判「${name}」的基础分`)],
            [
              'institutions',
              institutions.length > 0 ? idList(institutions, institutionId, '机构') : undefined,
            ],
            ['team-conflicts', teams.length > 0 ? teams.join(' ') : undefined],
            ['adjudicator-conflicts', others.length > 0 ? idList(others, adjudicatorId, '裁判') : undefined],
          ],
          true,
        ),
    );
  }
  lines.push('  </participants>');

  for (const category of [...data.speakerCategories].sort((a, b) => a.seq - b.seq))
    lines.push(
      '  ' + leaf('speaker-category', [['id', speakerCategoryId.get(category.slug)]], category.name),
    );
  for (const category of [...data.breakCategories].sort((a, b) => a.seq - b.seq))
    lines.push('  ' + leaf('break-category', [['id', breakId.get(category.slug)]], category.name));
  for (const institution of data.institutions)
    lines.push(
      '  ' +
        leaf(
          'institution',
          [
            ['id', institutionId.get(institution.code)],
            ['reference', institution.code],
          ],
          institution.name,
        ),
    );
  data.motions.forEach((motion, index) => {
    const slide = motion.infoSlide === '' ? '' : leaf('info-slide', [], motion.infoSlide);
    lines.push(
      '  ' +
        open('motion', [
          ['id', `M${index + 1}`],
          ['reference', motion.reference],
        ]) +
        xmlText(motion.text) +
        slide +
        '</motion>',
    );
  });
  for (const venue of data.venues)
    lines.push(
      '  ' +
        leaf(
          'venue',
          [
            ['id', venueId.get(venue.name)],
            ['priority', String(venue.priority)],
          ],
          venue.name,
        ),
    );
  lines.push('</tournament>');

  if (problems.length > 0) throw new DebateXmlError(problems);
  return lines.join('\n') + '\n';
}
