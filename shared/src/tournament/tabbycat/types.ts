/**
 * The plain data of a Tabbycat import folder (the CSV files Tabbycat's `importtournament` reads),
 * as Bianshi models it. Everything is referenced by the names the files use: institutions by
 * code, teams by display name, adjudicators by name, rounds by abbreviation, categories by slug.
 */

/** A school or club. `code` is the short name team names are prefixed with. */
export interface TabbycatInstitution {
  code: string;
  name: string;
}

/** A debater. `categories` are speaker-category slugs (e.g. novice, esl). */
export interface TabbycatSpeaker {
  name: string;
  email?: string;
  categories: string[];
}

/** A team as Tabbycat names it. */
export interface TabbycatTeam {
  /** The team's own reference ("A", "1", "Hybrid"), without the institution. */
  name: string;
  /** The institution's code, or null for a team without one (e.g. a composite team). */
  institution: string | null;
  /** Whether Tabbycat puts the institution before the reference ("Narnia A"). */
  useInstitutionPrefix: boolean;
  /** The short display name Tabbycat forms (institution code + reference), which conflicts use. */
  displayName: string;
  /** The long display name (institution full name + reference). */
  longName: string;
  speakers: TabbycatSpeaker[];
  /** Break-category slugs the team is eligible for. */
  breakCategories: string[];
}

/** An adjudicator. `institution` is the institution's code. */
export interface TabbycatAdjudicator {
  name: string;
  institution: string | null;
  baseScore: number;
  independent: boolean;
  adjCore: boolean;
  email?: string;
}

/** A room. `category` is the venue category it belongs to (Tabbycat's files give at most one). */
export interface TabbycatVenue {
  name: string;
  priority: number;
  category: string | null;
}

export type TabbycatStage = 'preliminary' | 'elimination';
export type TabbycatDrawType = 'random' | 'power' | 'roundRobin' | 'manual' | 'elimination';

export interface TabbycatRound {
  seq: number;
  name: string;
  abbreviation: string;
  stage: TabbycatStage;
  drawType: TabbycatDrawType;
  /** Break-category slug of an elimination round, else null. */
  breakCategory: string | null;
  silent: boolean;
}

/** Where a motion is used: the round (by abbreviation and seq) and the motion's order in it. */
export interface TabbycatMotionRound {
  round: string;
  roundSeq: number;
  seq: number;
}

export interface TabbycatMotion {
  reference: string;
  text: string;
  /** The info slide, '' when none. */
  infoSlide: string;
  rounds: TabbycatMotionRound[];
}

export const TABBYCAT_BREAK_RULES = [
  'standard',
  'aida-1996',
  'aida-2016-easters',
  'aida-2016-australs',
  'aida-2019-australs-open',
] as const;
export type TabbycatBreakRule = (typeof TABBYCAT_BREAK_RULES)[number];

export interface TabbycatBreakCategory {
  name: string;
  slug: string;
  seq: number;
  breakSize: number;
  isGeneral: boolean;
  priority: number;
  rule: TabbycatBreakRule;
}

export interface TabbycatSpeakerCategory {
  name: string;
  slug: string;
  seq: number;
  public: boolean;
}

/** Conflicts as the files give them (Tabbycat adds each person's own institution by itself). */
export interface TabbycatConflicts {
  /** adjudicator name → team display name */
  adjudicatorTeam: Array<{ adjudicator: string; team: string }>;
  /** adjudicator name ↔ adjudicator name */
  adjudicatorAdjudicator: Array<{ adjudicator1: string; adjudicator2: string }>;
  /** adjudicator name → institution code */
  adjudicatorInstitution: Array<{ adjudicator: string; institution: string }>;
  /** team display name → institution code */
  teamInstitution: Array<{ team: string; institution: string }>;
}

/** Teams per room: 2 (two-team formats) or 4 (British Parliamentary). */
export type TeamsPerDebate = 2 | 4;

export interface TabbycatImport {
  /** Teams per room, and why (zh-CN): decided from the speakers per team, see detectTeamsPerDebate. */
  teamsPerDebate: TeamsPerDebate;
  teamsPerDebateReason: string;
  institutions: TabbycatInstitution[];
  teams: TabbycatTeam[];
  adjudicators: TabbycatAdjudicator[];
  venues: TabbycatVenue[];
  rounds: TabbycatRound[];
  motions: TabbycatMotion[];
  breakCategories: TabbycatBreakCategory[];
  speakerCategories: TabbycatSpeakerCategory[];
  conflicts: TabbycatConflicts;
}

/** One problem in the folder. `row` is the 1-based data row (the header is not counted), or null for the whole file. */
export interface ImportError {
  file: string;
  row: number | null;
  column?: string;
  /** zh-CN, starting with the file and row, e.g. "teams.csv 第 3 行：机构「Foo」不在 institutions.csv 中". */
  message: string;
}

/** A file or column Bianshi does not model: left out, and said so. */
export interface SkippedItem {
  file: string;
  /** The column left out, or absent when the whole file is. */
  column?: string;
  /** Data rows of a whole CSV file (non-empty lines of any other file), or non-empty cells of the column. */
  count: number;
  /** zh-CN */
  reason: string;
}

export type ParseTabbycatResult =
  { ok: true; tournament: TabbycatImport; skipped: SkippedItem[] } | { ok: false; errors: ImportError[] };
