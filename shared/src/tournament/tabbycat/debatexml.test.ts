import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DebateXmlError, writeDebateXml, xmlAttribute, xmlText, type DebateXmlInput } from './debatexml';
import { tabbycatTeamNames } from './names';
import type { TabbycatImport, TabbycatTeam } from './types';

interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  text: string;
}

function unescape(value: string): string {
  if (/&(?!(amp|lt|gt|quot|apos|#\d+);)/.test(value)) throw new Error(`bare & in ${value}`);
  return value.replace(/&(amp|lt|gt|quot|apos|#\d+);/g, (_, entity: string) => {
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[entity]!;
  });
}

/** A small well-formedness check: every tag closed in order, attributes quoted, entities known. */
function parseXml(xml: string): XmlNode {
  const body = xml.replace(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n/, '');
  const token = /<(\/?)([A-Za-z][\w-]*)((?:\s+[\w-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/y;
  const root: XmlNode = { name: '#document', attributes: {}, children: [], text: '' };
  const stack = [root];
  while (token.lastIndex < body.length) {
    const at = token.lastIndex;
    const match = token.exec(body);
    if (!match) throw new Error(`not well-formed at ${at}: ${body.slice(at, at + 40)}`);
    const [, closing, name, attributeText, selfClosing, text] = match;
    const top = stack[stack.length - 1]!;
    if (text !== undefined) {
      top.text += unescape(text);
      continue;
    }
    if (closing) {
      if (top.name !== name) throw new Error(`</${name}> closes <${top.name}>`);
      stack.pop();
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const [, key, value] of (attributeText ?? '').matchAll(/([\w-]+)="([^"]*)"/g)) {
      if (key! in attributes) throw new Error(`attribute ${key} twice`);
      attributes[key!] = unescape(value!);
    }
    const node: XmlNode = { name: name!, attributes, children: [], text: '' };
    top.children.push(node);
    if (!selfClosing) stack.push(node);
  }
  if (stack.length !== 1) throw new Error(`<${stack[stack.length - 1]!.name}> not closed`);
  if (root.children.length !== 1) throw new Error('not one root element');
  return root.children[0]!;
}

const all = (node: XmlNode, name: string): XmlNode[] => node.children.filter((child) => child.name === name);

function team(name: string, institution: string | null, speakers: string[]): TabbycatTeam {
  const names = tabbycatTeamNames(
    { name, institution, useInstitutionPrefix: institution !== null },
    institution === null ? undefined : { code: institution, name: `${institution} University` },
  );
  return {
    name,
    institution,
    useInstitutionPrefix: institution !== null,
    ...names,
    speakers: speakers.map((speaker) => ({ name: speaker, email: `${speaker}@example.org`, categories: [] })),
    breakCategories: ['open'],
  };
}

const twoTeam: TabbycatImport = {
  teamsPerDebate: 2,
  teamsPerDebateReason: '',
  institutions: [
    { code: 'Oak', name: 'Oak University' },
    { code: 'Elm & Co', name: 'Elm & Co University' },
  ],
  teams: [team('A', 'Oak', ['Ann', 'Bo', 'Cy']), team('<"B">', null, ['Di', 'Ed', 'Fay'])],
  adjudicators: [
    { name: 'Jo', institution: 'Oak', baseScore: 4.5, independent: false, adjCore: true },
    { name: 'Kim', institution: null, baseScore: 3, independent: true, adjCore: false },
  ],
  venues: [{ name: 'Hall "1"', priority: 10, category: null }],
  rounds: [
    {
      seq: 2,
      name: 'Final',
      abbreviation: 'F',
      stage: 'elimination',
      drawType: 'elimination',
      breakCategory: 'open',
      silent: true,
    },
    {
      seq: 1,
      name: 'Round 1',
      abbreviation: 'R1',
      stage: 'preliminary',
      drawType: 'random',
      breakCategory: null,
      silent: false,
    },
  ],
  motions: [
    {
      reference: 'Cats',
      text: 'THW keep cats & dogs <together>',
      infoSlide: 'Line one\nLine "two"',
      rounds: [{ round: 'R1', roundSeq: 1, seq: 1 }],
    },
  ],
  breakCategories: [
    { name: 'Open', slug: 'open', seq: 1, breakSize: 2, isGeneral: true, priority: 1, rule: 'standard' },
  ],
  speakerCategories: [],
  conflicts: {
    adjudicatorTeam: [{ adjudicator: 'Kim', team: 'Oak A' }],
    adjudicatorAdjudicator: [{ adjudicator1: 'Jo', adjudicator2: 'Kim' }],
    adjudicatorInstitution: [{ adjudicator: 'Jo', institution: 'Elm & Co' }],
    teamInstitution: [],
  },
};

const input: DebateXmlInput = {
  name: '辩时 Open <2025>',
  shortName: 'BO25',
  tournament: twoTeam,
  results: [
    {
      round: 'R1',
      debates: [
        {
          venue: 'Hall "1"',
          motion: 'Cats',
          adjudicators: [{ name: 'Jo', chair: true }, { name: 'Kim' }],
          sides: [
            {
              team: 'Oak A',
              points: 0,
              score: 150,
              speeches: [
                { speaker: 'Ann', score: 75 },
                { speaker: 'Bo', score: 37.5, reply: true },
                { speaker: 'Cy', score: 37.5 },
              ],
            },
            { team: '<"B">', points: 1, score: 151, speeches: [{ speaker: 'Di', score: 76 }] },
          ],
        },
      ],
    },
  ],
};

describe('writeDebateXml', () => {
  it('writes a well-formed archive with participants, rounds, results and motions', () => {
    const root = parseXml(writeDebateXml(input));
    expect(root.name).toBe('tournament');
    expect(root.attributes).toEqual({ name: '辩时 Open <2025>', short: 'BO25' });
    const rounds = all(root, 'round');
    expect(rounds.map((round) => [round.attributes.abbreviation, round.attributes.elimination])).toEqual([
      ['R1', 'false'],
      ['F', 'true'],
    ]);
    expect(rounds[1]!.attributes['break-category']).toBe('BC1');
    const debate = all(rounds[0]!, 'debate')[0]!;
    expect(debate.attributes).toEqual({
      id: 'D1',
      adjudicators: 'A1 A2',
      chair: 'A1',
      venue: 'V1',
      motion: 'M1',
    });
    const sides = all(debate, 'side');
    expect(sides.map((side) => side.attributes.team)).toEqual(['T1', 'T2']);
    const ballots = sides.map((side) => all(side, 'ballot')[0]!);
    expect(ballots.map((ballot) => [ballot.attributes.rank, ballot.text])).toEqual([
      ['2', '150'],
      ['1', '151'],
    ]);
    const speeches = all(sides[0]!, 'speech');
    expect(
      speeches.map((speech) => [
        speech.attributes.speaker,
        speech.attributes.reply,
        speech.children[0]!.text,
      ]),
    ).toEqual([
      ['S1', 'false', '75'],
      ['S2', 'true', '37.5'],
      ['S3', 'false', '37.5'],
    ]);

    const participants = all(root, 'participants')[0]!;
    const teams = all(participants, 'team');
    expect(teams.map((node) => node.attributes.name)).toEqual(['Oak University A', '<"B">']);
    expect(teams[0]!.attributes['break-eligibilities']).toBe('BC1');
    expect(all(teams[0]!, 'speaker')[0]!.attributes).toEqual({
      id: 'S1',
      institutions: 'I1',
      categories: '',
    });
    expect(all(teams[0]!, 'speaker').map((node) => node.text)).toEqual(['Ann', 'Bo', 'Cy']);
    const adjudicators = all(participants, 'adjudicator');
    expect(adjudicators[0]!.attributes).toEqual({
      id: 'A1',
      name: 'Jo',
      core: 'true',
      independent: 'false',
      score: '4.5',
      institutions: 'I1 I2',
      'adjudicator-conflicts': 'A2',
    });
    expect(adjudicators[1]!.attributes['team-conflicts']).toBe('T1');
    const motion = all(root, 'motion')[0]!;
    expect(motion.text).toBe('THW keep cats & dogs <together>');
    expect(all(motion, 'info-slide')[0]!.text).toBe('Line one\nLine "two"');
    expect(all(root, 'institution').map((node) => [node.attributes.reference, node.text])).toEqual([
      ['Oak', 'Oak University'],
      ['Elm & Co', 'Elm & Co University'],
    ]);
    expect(all(root, 'venue')[0]!.text).toBe('Hall "1"');
    expect(writeDebateXml(input)).not.toContain('example.org');
  });

  it('marks BP and ranks four sides by points', () => {
    const bp: TabbycatImport = {
      ...twoTeam,
      teamsPerDebate: 4,
      teams: ['A', 'B', 'C', 'D'].map((name) => team(name, 'Oak', [`${name}1`, `${name}2`])),
      conflicts: {
        adjudicatorTeam: [],
        adjudicatorAdjudicator: [],
        adjudicatorInstitution: [],
        teamInstitution: [],
      },
    };
    const root = parseXml(
      writeDebateXml({
        name: 'BP',
        tournament: bp,
        results: [
          {
            round: 'R1',
            debates: [
              {
                adjudicators: [{ name: 'Kim', chair: true }],
                sides: [
                  { team: 'Oak A', points: 1, speeches: [] },
                  { team: 'Oak B', points: 3, speeches: [] },
                  { team: 'Oak C', points: 0, speeches: [] },
                  { team: 'Oak D', points: 2, speeches: [] },
                ],
              },
            ],
          },
        ],
      }),
    );
    expect(root.attributes.style).toBe('bp');
    const sides = all(all(all(root, 'round')[0]!, 'debate')[0]!, 'side');
    expect(sides.map((side) => all(side, 'ballot')[0]!.attributes.rank)).toEqual(['3', '1', '4', '2']);
    expect(sides.map((side) => all(side, 'ballot')[0]!.text)).toEqual(['false', 'true', 'false', 'false']);
  });

  it('lists every unknown reference in one error', () => {
    const bad: DebateXmlInput = {
      ...input,
      results: [
        { round: 'R9', debates: [] },
        {
          round: 'R1',
          debates: [
            {
              venue: 'Nowhere',
              adjudicators: [{ name: 'Zed', chair: true }],
              sides: [
                { team: 'Oak A', points: 1, speeches: [{ speaker: 'Di', score: 70 }] },
                { team: 'Ghosts', points: 0, speeches: [] },
              ],
            },
          ],
        },
      ],
    };
    let caught: unknown;
    try {
      writeDebateXml(bad);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DebateXmlError);
    expect((caught as DebateXmlError).problems).toEqual([
      '轮次「R9」不在 rounds 中',
      'R1 第 1 场：裁判「Zed」不在名单中',
      'R1 第 1 场：场地「Nowhere」不在名单中',
      'R1 第 1 场：队伍「Oak A」没有辩手「Di」',
      'R1 第 1 场：队伍「Ghosts」不在名单中',
    ]);
  });

  it('escapes any text so it parses back the same (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (value) => {
        const clean = value.replace(
          // eslint-disable-next-line no-control-regex
          /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
          '\uFFFD',
        );
        const node = parseXml(`<x a="${xmlAttribute(value)}">${xmlText(value)}</x>`);
        expect(node.attributes.a).toBe(clean);
        expect(node.text).toBe(clean);
      }),
      { numRuns: 150 },
    );
  });
});
