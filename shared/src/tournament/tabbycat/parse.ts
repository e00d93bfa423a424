/**
 * Reads a Tabbycat import folder (the CSV files of Tabbycat's `importtournament`, in either of
 * its layouts: "anorak", with speakers.csv and conflicts inside adjudicators.csv, or "boots",
 * with teams.csv holding the speakers and a file per kind of conflict). Every row of every file
 * is checked, and every reference across files; all problems come back together, in Chinese,
 * with the file and data row, and then nothing is imported. What Bianshi does not model is
 * listed in `skipped`, never dropped silently.
 *
 * `eligibility.csv` (team, speaker, category) is Bianshi's own: the anorak layout has no place for
 * break eligibility or speaker categories, so writeTabbycatFolder puts them there (Tabbycat does
 * not read the file).
 */
import { readCsv, where, type CsvRow, type CsvTable } from './csv';
import { detectTeamsPerDebate, tabbycatTeamNames } from './names';
import {
  TABBYCAT_BREAK_RULES,
  type ImportError,
  type ParseTabbycatResult,
  type SkippedItem,
  type TabbycatAdjudicator,
  type TabbycatBreakCategory,
  type TabbycatBreakRule,
  type TabbycatConflicts,
  type TabbycatDrawType,
  type TabbycatInstitution,
  type TabbycatMotion,
  type TabbycatRound,
  type TabbycatSpeakerCategory,
  type TabbycatStage,
  type TabbycatTeam,
  type TabbycatVenue,
} from './types';

/** The files read, in the order they are read (later files refer to earlier ones). */
export const TABBYCAT_FILES = [
  'institutions.csv',
  'break_categories.csv',
  'speaker_categories.csv',
  'teams.csv',
  'speakers.csv',
  'eligibility.csv',
  'adjudicators.csv',
  'scores.csv',
  'venues.csv',
  'rounds.csv',
  'motions.csv',
  'team_conflicts.csv',
  'institution_conflicts.csv',
  'adjudicator_conflicts.csv',
  'team_institution_conflicts.csv',
] as const;
type KnownFile = (typeof TABBYCAT_FILES)[number];

/** Files Tabbycat reads that Bianshi does not model, and why. */
const SKIPPED_FILES: Record<string, string> = {
  'regions.csv': '地区暂不使用',
  'adj_feedback_questions.csv': '裁判反馈问卷暂不导入',
  'venue_categories.csv': '场地类别的显示方式暂不使用（场地所属类别已从 venues.csv 读入）',
  'adj_venue_constraints.csv': '裁判的场地要求暂不导入',
  'team_venue_constraints.csv': '队伍的场地要求暂不导入',
  'sides.csv': '预先指定的持方暂不导入',
};

/** Columns Tabbycat knows that Bianshi does not model, and why. */
const SKIPPED_COLUMNS: Record<string, string> = {
  gender: '性别不导入',
  phone: '电话不导入',
  pronoun: '人称代词不导入',
  region: '地区暂不使用',
  feedback_weight: '裁判反馈权重暂不使用',
  weight: '轮次权重暂不使用',
  reserve_size: '候补队伍数暂不使用',
  limit: '公开排名的显示上限暂不使用',
  short_reference: '队伍简称暂不使用（使用完整队名）',
  code_name: '代号暂不导入',
  emoji: '队伍表情符号不导入',
  seed: '种子暂不导入',
  trainee: '见习裁判标记暂不导入',
  breaking: '裁判晋级标记暂不导入',
  anonymous: '匿名标记暂不导入',
  url_key: '私人链接不导入',
  starts_at: '开始时间暂不导入',
  round: '按轮次的裁判分数暂不导入',
};

const TRUE_WORDS = new Set(['true', 'yes', 't', 'y', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'f', 'n', '0']);
const SLUG = /^[-a-zA-Z0-9_]+$/;
const STAGES: Record<string, TabbycatStage> = {
  preliminary: 'preliminary',
  p: 'preliminary',
  elimination: 'elimination',
  break: 'elimination',
  e: 'elimination',
  b: 'elimination',
};
const DRAW_TYPES: Record<string, TabbycatDrawType> = {
  random: 'random',
  r: 'random',
  manual: 'manual',
  m: 'manual',
  'round robin': 'roundRobin',
  d: 'roundRobin',
  'power paired': 'power',
  p: 'power',
  elimination: 'elimination',
  break: 'elimination',
  e: 'elimination',
  b: 'elimination',
};

interface Origin {
  file: string;
  row: number;
}

interface TeamEntry {
  team: TabbycatTeam;
  origin: Origin;
}

/** Reads and checks a whole folder: file name → CSV text. */
export function parseTabbycatFolder(files: Record<string, string>): ParseTabbycatResult {
  return new FolderReader(files).read();
}

class FolderReader {
  private readonly errors: ImportError[] = [];
  private readonly skipped: SkippedItem[] = [];
  private readonly tables = new Map<KnownFile, CsvTable>();
  /** Files whose header is unusable: references into them are not reported again. */
  private readonly broken = new Set<KnownFile>();

  private readonly institutions: TabbycatInstitution[] = [];
  private readonly institutionByCode = new Map<string, TabbycatInstitution>();
  private readonly institutionByName = new Map<string, TabbycatInstitution>();
  private readonly breakCategories: TabbycatBreakCategory[] = [];
  private readonly speakerCategories: TabbycatSpeakerCategory[] = [];
  private readonly teams = new Map<string, TeamEntry>();
  private readonly teamByDisplayName = new Map<string, TeamEntry>();
  private readonly teamByLongName = new Map<string, TeamEntry>();
  private readonly adjudicators = new Map<string, TabbycatAdjudicator>();
  private readonly venues: TabbycatVenue[] = [];
  private readonly rounds: TabbycatRound[] = [];
  private readonly motions: TabbycatMotion[] = [];
  private readonly conflicts: TabbycatConflicts = {
    adjudicatorTeam: [],
    adjudicatorAdjudicator: [],
    adjudicatorInstitution: [],
    teamInstitution: [],
  };
  private readonly conflictKeys = new Set<string>();

  constructor(private readonly files: Record<string, string>) {}

  read(): ParseTabbycatResult {
    this.sortFiles();
    this.readInstitutions();
    this.readBreakCategories();
    this.readSpeakerCategories();
    this.readTeams();
    this.readSpeakers();
    if (!this.tables.has('teams.csv') && !this.tables.has('speakers.csv'))
      this.error('teams.csv', null, '找不到队伍：需要 teams.csv 或 speakers.csv');
    this.checkTeamNames();
    this.readEligibility();
    this.readAdjudicators();
    this.readScores();
    this.readVenues();
    this.readRounds();
    this.readMotions();
    this.readConflictFiles();
    if (this.errors.length > 0) return { ok: false, errors: this.errors };
    const teams = [...this.teams.values()].map((entry) => entry.team);
    return {
      ok: true,
      tournament: {
        ...detectTeamsPerDebate(teams),
        institutions: this.institutions,
        teams,
        adjudicators: [...this.adjudicators.values()],
        venues: this.venues,
        rounds: [...this.rounds].sort((a, b) => a.seq - b.seq),
        motions: this.motions,
        breakCategories: this.breakCategories,
        speakerCategories: this.speakerCategories,
        conflicts: this.conflicts,
      },
      skipped: this.skipped,
    };
  }

  // ---- files and columns ----

  private sortFiles(): void {
    const known = new Set<string>(TABBYCAT_FILES);
    for (const [path, text] of Object.entries(this.files)) {
      const base = path.slice(path.lastIndexOf('/') + 1);
      const name = base.toLowerCase();
      if (name === '.importer') {
        const importer = text.trim().toLowerCase();
        if (importer !== 'anorak' && importer !== 'boots')
          this.skipped.push({
            file: base,
            count: 1,
            reason: `未知的导入器「${text.trim()}」：按文件名和列名读取`,
          });
        continue;
      }
      if (known.has(name)) {
        const file = name as KnownFile;
        if (this.tables.has(file)) {
          this.error(file, null, `有两个 ${file}（文件名只差大小写）`);
          continue;
        }
        this.tables.set(file, readCsv(file, text, this.errors));
        continue;
      }
      const reason = SKIPPED_FILES[name];
      const rows = name.endsWith('.csv')
        ? readCsv(base, text, []).rows.length
        : text.split(/\r?\n/).filter((line) => line.trim() !== '').length;
      this.skipped.push({
        file: base,
        count: rows,
        reason:
          reason ?? (name.endsWith('.csv') ? '辩时不认识这个文件，未导入' : '不是 CSV 数据文件，未导入'),
      });
    }
  }

  /**
   * The table of a file (or null when absent), with its header checked: a missing required
   * column is an error (and the file's rows are not read); columns not modeled are listed as
   * skipped.
   */
  private table(
    file: KnownFile,
    required: readonly string[],
    modeled: readonly string[],
    extraModeled: (column: string) => boolean = () => false,
  ): CsvTable | null {
    const table = this.tables.get(file);
    if (!table) return null;
    if (table.columns.length === 0 && table.rows.length === 0) return table;
    const missing = required.filter((column) => !table.columns.includes(column));
    for (const column of missing)
      this.errors.push({ file, row: null, column, message: `${where(file, null)}缺少必需的列「${column}」` });
    for (const column of table.columns) {
      if (column === '' || modeled.includes(column) || extraModeled(column)) continue;
      this.skipColumn(table, column, column);
    }
    if (missing.length > 0) {
      this.broken.add(file);
      return null;
    }
    return table;
  }

  private skipColumn(table: CsvTable, column: string, kind: string): void {
    const count = table.rows.filter((row) => (row.cells[column] ?? '') !== '').length;
    const reason = kind.startsWith('available:')
      ? '各轮是否出席暂不导入'
      : (SKIPPED_COLUMNS[kind] ?? '辩时不认识这一列，未导入');
    this.skipped.push({ file: table.file, column, count, reason });
  }

  private error(file: string, row: number | null, message: string, column?: string): void {
    this.errors.push({
      file,
      row,
      ...(column === undefined ? {} : { column }),
      message: where(file, row) + message,
    });
  }

  // ---- cells ----

  private text(file: string, row: CsvRow, column: string, label: string): string | null {
    const value = row.cells[column] ?? '';
    if (value === '') {
      this.error(file, row.row, `${label}（${column}）为空`, column);
      return null;
    }
    return value;
  }

  private bool(file: string, row: CsvRow, column: string, fallback: boolean | null): boolean | null {
    const value = (row.cells[column] ?? '').toLowerCase();
    if (value === '') {
      if (fallback === null) this.error(file, row.row, `「${column}」为空，应为 TRUE 或 FALSE`, column);
      return fallback;
    }
    if (TRUE_WORDS.has(value)) return true;
    if (FALSE_WORDS.has(value)) return false;
    this.error(file, row.row, `「${column}」应为 TRUE 或 FALSE，而不是「${row.cells[column]}」`, column);
    return null;
  }

  private number(
    file: string,
    row: CsvRow,
    column: string,
    options: { integer?: boolean; min?: number; fallback?: number },
  ): number | null {
    const value = row.cells[column] ?? '';
    if (value === '') {
      if (options.fallback !== undefined) return options.fallback;
      this.error(file, row.row, `「${column}」为空，应为${options.integer ? '整数' : '数字'}`, column);
      return null;
    }
    const parsed = Number(value);
    const ok = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(value) && Number.isFinite(parsed);
    if (!ok || (options.integer && !Number.isInteger(parsed))) {
      this.error(
        file,
        row.row,
        `「${column}」应为${options.integer ? '整数' : '数字'}，而不是「${value}」`,
        column,
      );
      return null;
    }
    if (options.min !== undefined && parsed < options.min) {
      this.error(file, row.row, `「${column}」至少为 ${options.min}，而不是 ${value}`, column);
      return null;
    }
    return parsed;
  }

  private slugList(value: string): string[] {
    return [
      ...new Set(
        value
          .split(/[/;]/)
          .map((part) => part.trim())
          .filter(Boolean),
      ),
    ];
  }

  // ---- lookups ----

  private institutionCode(file: string, row: CsvRow, column: string): string | null | undefined {
    const value = row.cells[column] ?? '';
    if (value === '') return null;
    const found = this.institutionByCode.get(value) ?? this.institutionByName.get(value);
    if (found) return found.code;
    if (!this.broken.has('institutions.csv'))
      this.error(file, row.row, `机构「${value}」不在 institutions.csv 中`, column);
    return undefined;
  }

  private findTeam(name: string): TeamEntry | undefined {
    return this.teamByDisplayName.get(name) ?? this.teamByLongName.get(name);
  }

  private teamName(file: string, rowNumber: number, name: string, column: string): string | undefined {
    const entry = this.findTeam(name);
    if (entry) return entry.team.displayName;
    if (!this.broken.has('teams.csv') && !this.broken.has('speakers.csv'))
      this.error(file, rowNumber, `队伍「${name}」不在 teams.csv 或 speakers.csv 中`, column);
    return undefined;
  }

  private adjudicatorName(file: string, rowNumber: number, name: string, column: string): string | undefined {
    if (this.adjudicators.has(name)) return name;
    if (!this.broken.has('adjudicators.csv'))
      this.error(file, rowNumber, `裁判「${name}」不在 adjudicators.csv 中`, column);
    return undefined;
  }

  private categorySlugs(file: string, row: CsvRow, column: string, kind: 'break' | 'speaker'): string[] {
    const slugs = this.slugList(row.cells[column] ?? '');
    const [known, source, label] =
      kind === 'break'
        ? [this.breakCategories, 'break_categories.csv' as const, '晋级类别']
        : [this.speakerCategories, 'speaker_categories.csv' as const, '辩手类别'];
    return slugs.filter((slug) => {
      if (known.some((category) => category.slug === slug)) return true;
      if (!this.broken.has(source)) this.error(file, row.row, `${label}「${slug}」不在 ${source} 中`, column);
      return false;
    });
  }

  // ---- institutions and categories ----

  private readInstitutions(): void {
    const file = 'institutions.csv';
    const table = this.table(file, ['code', 'name'], ['code', 'name']);
    if (!table) return;
    const rowOfCode = new Map<string, number>();
    const rowOfName = new Map<string, number>();
    for (const row of table.rows) {
      const code = this.text(file, row, 'code', '机构代码');
      const name = this.text(file, row, 'name', '机构名称');
      if (code === null || name === null) continue;
      const earlierCode = rowOfCode.get(code);
      const earlierName = rowOfName.get(name);
      if (earlierCode !== undefined)
        this.error(file, row.row, `机构代码「${code}」与第 ${earlierCode} 行重复`, 'code');
      if (earlierName !== undefined)
        this.error(file, row.row, `机构名称「${name}」与第 ${earlierName} 行重复`, 'name');
      if (earlierCode !== undefined || earlierName !== undefined) continue;
      rowOfCode.set(code, row.row);
      rowOfName.set(name, row.row);
      const institution = { code, name };
      this.institutions.push(institution);
      this.institutionByCode.set(code, institution);
      this.institutionByName.set(name, institution);
    }
  }

  private readBreakCategories(): void {
    const file = 'break_categories.csv';
    const columns = ['name', 'slug', 'seq', 'break_size', 'is_general', 'priority'];
    const table = this.table(file, columns, [...columns, 'rule']);
    if (!table) return;
    const rowOfSlug = new Map<string, number>();
    const rowOfSeq = new Map<number, number>();
    for (const row of table.rows) {
      const name = this.text(file, row, 'name', '类别名称');
      const slug = this.slug(file, row);
      const seq = this.number(file, row, 'seq', { integer: true });
      const breakSize = this.number(file, row, 'break_size', { integer: true, min: 2 });
      const isGeneral = this.bool(file, row, 'is_general', null);
      const priority = this.number(file, row, 'priority', { integer: true });
      const ruleText = (row.cells.rule ?? '').toLowerCase() || 'standard';
      const rule = TABBYCAT_BREAK_RULES.find((known) => known === ruleText);
      if (!rule)
        this.error(
          file,
          row.row,
          `晋级规则「${row.cells.rule}」不认识，应为 ${TABBYCAT_BREAK_RULES.join('、')} 之一`,
          'rule',
        );
      if (!this.unique(file, row, 'slug', slug, rowOfSlug, '类别标识')) continue;
      if (!this.unique(file, row, 'seq', seq, rowOfSeq, '序号')) continue;
      if (name === null || slug === null || seq === null || breakSize === null) continue;
      if (isGeneral === null || priority === null || !rule) continue;
      this.breakCategories.push({
        name,
        slug,
        seq,
        breakSize,
        isGeneral,
        priority,
        rule: rule as TabbycatBreakRule,
      });
    }
  }

  private readSpeakerCategories(): void {
    const file = 'speaker_categories.csv';
    const table = this.table(file, ['name', 'slug', 'seq'], ['name', 'slug', 'seq', 'public']);
    if (!table) return;
    const rowOfSlug = new Map<string, number>();
    const rowOfSeq = new Map<number, number>();
    for (const row of table.rows) {
      const name = this.text(file, row, 'name', '类别名称');
      const slug = this.slug(file, row);
      const seq = this.number(file, row, 'seq', { integer: true });
      const isPublic = this.bool(file, row, 'public', true);
      if (!this.unique(file, row, 'slug', slug, rowOfSlug, '类别标识')) continue;
      if (!this.unique(file, row, 'seq', seq, rowOfSeq, '序号')) continue;
      if (name === null || slug === null || seq === null || isPublic === null) continue;
      this.speakerCategories.push({ name, slug, seq, public: isPublic });
    }
  }

  private slug(file: string, row: CsvRow): string | null {
    const slug = this.text(file, row, 'slug', '类别标识');
    if (slug === null) return null;
    if (!SLUG.test(slug)) {
      this.error(file, row.row, `类别标识「${slug}」只能用英文字母、数字、- 和 _`, 'slug');
      return null;
    }
    return slug;
  }

  /** False (and an error) when `value` repeats an earlier row's. */
  private unique<T>(
    file: string,
    row: CsvRow,
    column: string,
    value: T | null,
    rows: Map<T, number>,
    label: string,
  ): boolean {
    if (value === null) return true;
    const earlier = rows.get(value);
    if (earlier !== undefined) {
      this.error(file, row.row, `${label}「${String(value)}」与第 ${earlier} 行重复`, column);
      return false;
    }
    rows.set(value, row.row);
    return true;
  }

  // ---- teams and speakers ----

  private newTeam(
    name: string,
    institution: string | null,
    useInstitutionPrefix: boolean,
    origin: Origin,
  ): TeamEntry {
    const names = tabbycatTeamNames(
      { name, institution, useInstitutionPrefix },
      institution === null ? undefined : this.institutionByCode.get(institution),
    );
    const team: TabbycatTeam = {
      name,
      institution,
      useInstitutionPrefix,
      ...names,
      speakers: [],
      breakCategories: [],
    };
    const entry = { team, origin };
    this.teams.set(teamKey(institution, name), entry);
    return entry;
  }

  /** teams.csv: a team a row, either bare (anorak) or with speakerN_ columns (boots). */
  private readTeams(): void {
    const file = 'teams.csv';
    const speakerColumn = /^speaker(\d+)_(.+)$/;
    const table = this.table(
      file,
      ['reference'],
      ['reference', 'institution', 'use_institution_prefix', 'break_category', 'break_categories'],
      (column) => speakerColumn.test(column),
    );
    if (!table) return;
    const positions = new Set<number>();
    for (const column of table.columns) {
      const match = speakerColumn.exec(column);
      if (!match) continue;
      positions.add(Number(match[1]));
      const field = match[2] ?? '';
      if (!['name', 'email', 'category', 'categories'].includes(field)) this.skipColumn(table, column, field);
    }
    const order = [...positions].sort((a, b) => a - b);
    for (const row of table.rows) {
      const institution = this.institutionCode(file, row, 'institution');
      const prefix = this.bool(file, row, 'use_institution_prefix', false);
      const reference = row.cells.reference ?? '';
      if (reference === '' && !(prefix && row.cells.institution))
        this.error(file, row.row, '队名（reference）为空', 'reference');
      const breakColumn = table.columns.includes('break_category') ? 'break_category' : 'break_categories';
      const breakCategories = this.categorySlugs(file, row, breakColumn, 'break');
      const speakers = order.flatMap((position) => {
        const cell = (field: string) => row.cells[`speaker${position}_${field}`] ?? '';
        const name = cell('name');
        const categoryColumn = `speaker${position}_${cell('category') !== '' ? 'category' : 'categories'}`;
        if (name === '') {
          if (cell('email') !== '' || cell('category') !== '' || cell('categories') !== '')
            this.error(file, row.row, `第 ${position} 位辩手没有姓名`, `speaker${position}_name`);
          return [];
        }
        const email = cell('email');
        const categories = this.categorySlugs(file, row, categoryColumn, 'speaker');
        return [{ name, ...(email === '' ? {} : { email }), categories }];
      });
      if (institution === undefined || prefix === null) continue;
      if (reference === '' && !(prefix && institution !== null)) continue;
      const earlier = this.teams.get(teamKey(institution, reference));
      if (earlier) {
        this.error(file, row.row, `队伍「${earlier.team.displayName}」与第 ${earlier.origin.row} 行重复`);
        continue;
      }
      const entry = this.newTeam(reference, institution, prefix, { file, row: row.row });
      entry.team.breakCategories = breakCategories;
      this.addSpeakers(file, row, entry, speakers);
    }
  }

  private addSpeakers(file: string, row: CsvRow, entry: TeamEntry, speakers: TabbycatTeam['speakers']): void {
    for (const speaker of speakers) {
      if (entry.team.speakers.some((other) => other.name === speaker.name)) {
        this.error(file, row.row, `队伍「${entry.team.displayName}」已有辩手「${speaker.name}」`);
        continue;
      }
      entry.team.speakers.push(speaker);
    }
  }

  /** speakers.csv (anorak): a speaker a row; a team is formed by institution + team_name. */
  private readSpeakers(): void {
    const file = 'speakers.csv';
    const table = this.table(
      file,
      ['name', 'team_name'],
      ['name', 'email', 'institution', 'team_name', 'use_institution_prefix'],
    );
    if (!table) return;
    for (const row of table.rows) {
      const name = this.text(file, row, 'name', '辩手姓名');
      const teamName = this.text(file, row, 'team_name', '队名');
      const institution = this.institutionCode(file, row, 'institution');
      const prefix = this.bool(file, row, 'use_institution_prefix', false);
      const given = (row.cells.use_institution_prefix ?? '') !== '';
      if (name === null || teamName === null || institution === undefined || prefix === null) continue;
      let entry = this.teams.get(teamKey(institution, teamName));
      if (!entry) entry = this.newTeam(teamName, institution, prefix, { file, row: row.row });
      else if (given && entry.team.useInstitutionPrefix !== prefix) {
        const at = entry.origin.file === file ? `第 ${entry.origin.row} 行` : entry.origin.file;
        this.error(
          file,
          row.row,
          `队伍「${entry.team.displayName}」的 use_institution_prefix 与${at}不一致`,
          'use_institution_prefix',
        );
        continue;
      }
      const email = row.cells.email ?? '';
      this.addSpeakers(file, row, entry, [{ name, ...(email === '' ? {} : { email }), categories: [] }]);
    }
  }

  private checkTeamNames(): void {
    for (const entry of this.teams.values()) {
      const { displayName, longName } = entry.team;
      const earlier = this.teamByDisplayName.get(displayName);
      if (earlier) {
        const at =
          earlier.origin.file === entry.origin.file ? `第 ${earlier.origin.row} 行` : earlier.origin.file;
        this.error(entry.origin.file, entry.origin.row, `队名「${displayName}」与${at}的队伍重名`);
        continue;
      }
      this.teamByDisplayName.set(displayName, entry);
      if (!this.teamByLongName.has(longName)) this.teamByLongName.set(longName, entry);
    }
  }

  /** eligibility.csv (Bianshi's own): a team's break category, or a speaker's category, a row. */
  private readEligibility(): void {
    const file = 'eligibility.csv';
    const table = this.table(file, ['team', 'category'], ['team', 'speaker', 'category']);
    if (!table) return;
    for (const row of table.rows) {
      const teamName = this.text(file, row, 'team', '队伍');
      const speakerName = row.cells.speaker ?? '';
      if (teamName === null || this.text(file, row, 'category', '类别') === null) continue;
      const entry = this.findTeam(teamName);
      if (!entry) {
        this.teamName(file, row.row, teamName, 'team');
        continue;
      }
      if (speakerName === '') {
        for (const slug of this.categorySlugs(file, row, 'category', 'break'))
          if (!entry.team.breakCategories.includes(slug)) entry.team.breakCategories.push(slug);
        continue;
      }
      const speaker = entry.team.speakers.find((candidate) => candidate.name === speakerName);
      if (!speaker) {
        this.error(file, row.row, `队伍「${teamName}」没有辩手「${speakerName}」`, 'speaker');
        continue;
      }
      for (const slug of this.categorySlugs(file, row, 'category', 'speaker'))
        if (!speaker.categories.includes(slug)) speaker.categories.push(slug);
    }
  }

  // ---- adjudicators ----

  private readAdjudicators(): void {
    const file = 'adjudicators.csv';
    const inline = ['institution_conflicts', 'team_conflicts', 'adj_conflicts'];
    const table = this.table(
      file,
      ['name'],
      ['name', 'email', 'institution', 'base_score', 'independent', 'adj_core', ...inline],
    );
    if (!table) return;
    const rowOf = new Map<string, number>();
    for (const row of table.rows) {
      const name = this.text(file, row, 'name', '裁判姓名');
      const institution = this.institutionCode(file, row, 'institution');
      const baseScore = this.number(file, row, 'base_score', { fallback: 0 });
      const independent = this.bool(file, row, 'independent', false);
      const adjCore = this.bool(file, row, 'adj_core', false);
      if (!this.unique(file, row, 'name', name, rowOf, '裁判')) continue;
      if (name === null || institution === undefined || baseScore === null) continue;
      if (independent === null || adjCore === null) continue;
      const email = row.cells.email ?? '';
      this.adjudicators.set(name, {
        name,
        institution,
        baseScore,
        independent,
        adjCore,
        ...(email === '' ? {} : { email }),
      });
    }
    // Inline conflicts name other adjudicators, so they are read once every adjudicator is known.
    for (const row of table.rows) {
      const name = row.cells.name ?? '';
      if (!this.adjudicators.has(name)) continue;
      for (const value of commaList(row.cells.institution_conflicts)) {
        const code = this.institutionByCode.get(value)?.code ?? this.institutionByName.get(value)?.code;
        if (code) this.addConflict('adjudicatorInstitution', { adjudicator: name, institution: code });
        else if (!this.broken.has('institutions.csv'))
          this.error(file, row.row, `机构「${value}」不在 institutions.csv 中`, 'institution_conflicts');
      }
      for (const value of commaList(row.cells.team_conflicts)) {
        const team = this.teamName(file, row.row, value, 'team_conflicts');
        if (team !== undefined) this.addConflict('adjudicatorTeam', { adjudicator: name, team });
      }
      for (const value of commaList(row.cells.adj_conflicts)) {
        const other = this.adjudicatorName(file, row.row, value, 'adj_conflicts');
        if (other === name) this.error(file, row.row, `裁判「${name}」不能与自己冲突`, 'adj_conflicts');
        else if (other !== undefined)
          this.addConflict('adjudicatorAdjudicator', { adjudicator1: name, adjudicator2: other });
      }
    }
  }

  /** scores.csv (boots): an adjudicator's base score a row. */
  private readScores(): void {
    const file = 'scores.csv';
    const table = this.table(file, ['adjudicator', 'score'], ['adjudicator', 'score']);
    if (!table) return;
    const rowOf = new Map<string, number>();
    for (const row of table.rows) {
      const name = this.text(file, row, 'adjudicator', '裁判');
      const score = this.number(file, row, 'score', {});
      if (name === null || !this.unique(file, row, 'adjudicator', name, rowOf, '裁判')) continue;
      const adjudicator = this.adjudicatorName(file, row.row, name, 'adjudicator');
      if (adjudicator === undefined || score === null) continue;
      const found = this.adjudicators.get(adjudicator);
      if (found) found.baseScore = score;
    }
  }

  // ---- venues, rounds, motions ----

  private readVenues(): void {
    const file = 'venues.csv';
    const table = this.table(file, ['name', 'priority'], ['name', 'priority', 'category']);
    if (!table) return;
    const rowOf = new Map<string, number>();
    for (const row of table.rows) {
      const name = this.text(file, row, 'name', '场地名称');
      const priority = this.number(file, row, 'priority', { integer: true });
      if (!this.unique(file, row, 'name', name, rowOf, '场地')) continue;
      if (name === null || priority === null) continue;
      this.venues.push({ name, priority, category: (row.cells.category ?? '') || null });
    }
  }

  private readRounds(): void {
    const file = 'rounds.csv';
    const table = this.table(
      file,
      ['name', 'abbreviation', 'draw_type'],
      ['seq', 'name', 'abbreviation', 'stage', 'draw_type', 'break_category', 'silent'],
    );
    if (!table) return;
    const rowOfSeq = new Map<number, number>();
    const rowOfAbbreviation = new Map<string, number>();
    for (const row of table.rows) {
      const seq = this.number(file, row, 'seq', { integer: true, min: 1, fallback: row.row });
      const name = this.text(file, row, 'name', '轮次名称');
      const abbreviation = this.text(file, row, 'abbreviation', '轮次简称');
      const stageText = lookupKey(row.cells.stage ?? '') || 'preliminary';
      const stage = STAGES[stageText];
      if (!stage)
        this.error(
          file,
          row.row,
          `阶段「${row.cells.stage}」不认识，应为 preliminary 或 elimination`,
          'stage',
        );
      const drawText = lookupKey(row.cells.draw_type ?? '');
      const drawType = DRAW_TYPES[drawText];
      if (!drawType)
        this.error(
          file,
          row.row,
          drawText === ''
            ? '编排方式（draw_type）为空'
            : `编排方式「${row.cells.draw_type}」不认识，应为 random、power paired、round robin、manual 或 elimination`,
          'draw_type',
        );
      const silent = this.bool(file, row, 'silent', false);
      const breakCategory = this.categorySlugs(file, row, 'break_category', 'break');
      if (breakCategory.length > 1) this.error(file, row.row, '一轮只能属于一个晋级类别', 'break_category');
      if (!this.unique(file, row, 'seq', seq, rowOfSeq, '轮次序号')) continue;
      if (!this.unique(file, row, 'abbreviation', abbreviation, rowOfAbbreviation, '轮次简称')) continue;
      if (seq === null || name === null || abbreviation === null || !stage || !drawType || silent === null)
        continue;
      this.rounds.push({
        seq,
        name,
        abbreviation,
        stage,
        drawType,
        breakCategory: breakCategory[0] ?? null,
        silent,
      });
    }
  }

  private readMotions(): void {
    const file = 'motions.csv';
    const table = this.table(
      file,
      ['reference', 'text'],
      ['rounds', 'seq', 'reference', 'text', 'info_slide'],
    );
    if (!table) return;
    const used = new Map<string, Map<number, number>>();
    for (const row of table.rows) {
      const reference = this.text(file, row, 'reference', '辩题简称');
      const text = this.text(file, row, 'text', '辩题');
      const roundNames = splitSemicolons(row.cells.rounds ?? '');
      const seqTexts = splitSemicolons(row.cells.seq ?? '');
      if (seqTexts.length > 0 && seqTexts.length !== roundNames.length) {
        this.error(
          file,
          row.row,
          `seq 有 ${seqTexts.length} 个，rounds 有 ${roundNames.length} 个，应一一对应（用 ; 分隔）`,
          'seq',
        );
        continue;
      }
      const rounds: TabbycatMotion['rounds'] = [];
      roundNames.forEach((abbreviation, index) => {
        const round = this.rounds.find((candidate) => candidate.abbreviation === abbreviation);
        if (!round) {
          if (!this.broken.has('rounds.csv'))
            this.error(
              file,
              row.row,
              `轮次「${abbreviation}」不在 rounds.csv 的简称（abbreviation）中`,
              'rounds',
            );
          return;
        }
        const seqs = used.get(abbreviation) ?? new Map<number, number>();
        used.set(abbreviation, seqs);
        const seqText = seqTexts[index];
        let seq = seqs.size + 1;
        if (seqText !== undefined) {
          seq = Number(seqText);
          if (!/^\d+$/.test(seqText) || seq < 1) {
            this.error(file, row.row, `seq「${seqText}」应为正整数`, 'seq');
            return;
          }
        }
        const earlier = seqs.get(seq);
        if (earlier !== undefined) {
          this.error(file, row.row, `轮次「${abbreviation}」的第 ${seq} 个辩题与第 ${earlier} 行重复`, 'seq');
          return;
        }
        seqs.set(seq, row.row);
        rounds.push({ round: abbreviation, roundSeq: round.seq, seq });
      });
      if (reference === null || text === null) continue;
      this.motions.push({ reference, text, infoSlide: row.cells.info_slide ?? '', rounds });
    }
  }

  // ---- conflicts ----

  private addConflict<K extends keyof TabbycatConflicts>(
    kind: K,
    conflict: TabbycatConflicts[K][number],
  ): void {
    const values = Object.values(conflict);
    const key = `${kind}\u0000${values.join('\u0000')}`;
    const reversed = `${kind}\u0000${[...values].reverse().join('\u0000')}`;
    if (this.conflictKeys.has(key) || (kind === 'adjudicatorAdjudicator' && this.conflictKeys.has(reversed)))
      return;
    this.conflictKeys.add(key);
    (this.conflicts[kind] as Array<TabbycatConflicts[K][number]>).push(conflict);
  }

  private readConflictFiles(): void {
    this.readConflictFile('team_conflicts.csv', ['adjudicator', 'team'], (file, row) => {
      const adjudicator = this.adjudicatorName(file, row.row, row.cells.adjudicator ?? '', 'adjudicator');
      const team = this.teamName(file, row.row, row.cells.team ?? '', 'team');
      if (adjudicator !== undefined && team !== undefined)
        this.addConflict('adjudicatorTeam', { adjudicator, team });
    });
    this.readConflictFile('institution_conflicts.csv', ['adjudicator', 'institution'], (file, row) => {
      const adjudicator = this.adjudicatorName(file, row.row, row.cells.adjudicator ?? '', 'adjudicator');
      const institution = this.institutionCode(file, row, 'institution');
      if (adjudicator !== undefined && institution)
        this.addConflict('adjudicatorInstitution', { adjudicator, institution });
    });
    this.readConflictFile('adjudicator_conflicts.csv', ['adjudicator1', 'adjudicator2'], (file, row) => {
      const adjudicator1 = this.adjudicatorName(file, row.row, row.cells.adjudicator1 ?? '', 'adjudicator1');
      const adjudicator2 = this.adjudicatorName(file, row.row, row.cells.adjudicator2 ?? '', 'adjudicator2');
      if (adjudicator1 !== undefined && adjudicator1 === adjudicator2)
        this.error(file, row.row, `裁判「${adjudicator1}」不能与自己冲突`, 'adjudicator2');
      else if (adjudicator1 !== undefined && adjudicator2 !== undefined)
        this.addConflict('adjudicatorAdjudicator', { adjudicator1, adjudicator2 });
    });
    this.readConflictFile('team_institution_conflicts.csv', ['team', 'institution'], (file, row) => {
      const team = this.teamName(file, row.row, row.cells.team ?? '', 'team');
      const institution = this.institutionCode(file, row, 'institution');
      if (team !== undefined && institution) this.addConflict('teamInstitution', { team, institution });
    });
  }

  private readConflictFile(
    file: KnownFile,
    columns: readonly string[],
    readRow: (file: string, row: CsvRow) => void,
  ): void {
    const table = this.table(file, columns, columns);
    if (!table) return;
    for (const row of table.rows) {
      const empty = columns.filter((column) => (row.cells[column] ?? '') === '');
      for (const column of empty) this.error(file, row.row, `「${column}」为空`, column);
      if (empty.length === 0) readRow(file, row);
    }
  }
}

function teamKey(institution: string | null, name: string): string {
  return `${institution ?? ''}\u0000${name}`;
}

/** Tabbycat's lookups: case-insensitive, hyphens read as spaces. */
function lookupKey(value: string): string {
  return value.trim().toLowerCase().replace(/-/g, ' ').replace(/\s+/g, ' ');
}

function commaList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

function splitSemicolons(value: string): string[] {
  return value
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
}
