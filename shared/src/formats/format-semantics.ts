/**
 * Cross-field rules a format must satisfy beyond its shape: pool references, bell offsets inside
 * the stage, relay clocks that stop at zero… Each problem names its path like the shape errors do.
 */
import type { Format, Stage } from './format.schema';
import { FORMAT_MESSAGES as M } from './messages';
import { stageClockSpecs, stagePoolId } from './stage-clocks';

/** One problem in a format file: a path such as `stages[3].bells[0].offsetMs` and a zh-CN message. */
export interface FormatIssue {
  path: string;
  message: string;
}

/** Renders a path as `stages[3].bells[0].offsetMs`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? String(segment) : `.${String(segment)}`;
  }
  return out === '' ? '(根)' : out;
}

/** All semantic problems of a shape-valid format; empty when it is usable. */
export function formatSemanticIssues(format: Format): FormatIssue[] {
  const issues: FormatIssue[] = [];
  const add = (path: PropertyKey[], message: string) => issues.push({ path: formatPath(path), message });

  const pools = new Map<string, Format['pools'][number]>();
  format.pools.forEach((pool, i) => {
    if (pools.has(pool.id)) add(['pools', i, 'id'], M.duplicatePoolId(pool.id));
    pools.set(pool.id, pool);
    checkReserve(format, pool, (rest, message) => add(['pools', i, 'reserve', ...rest], message));
  });

  format.stages.forEach((stage, i) => {
    const at = (...rest: PropertyKey[]) => ['stages', i, ...rest];
    const poolId = stagePoolId(stage);
    const pool = poolId === null ? undefined : pools.get(poolId);
    if (poolId !== null && pool === undefined) add(at('poolId'), M.unknownPool(poolId));
    checkStage(stage, pool, at, add);
  });
  return issues;
}

type Add = (path: PropertyKey[], message: string) => void;

/** A reserve names stages that draw on its pool, each once, and keeps less than each side it serves holds. */
function checkReserve(format: Format, pool: Format['pools'][number], add: Add): void {
  const reserve = pool.reserve;
  if (reserve === undefined) return;
  const sides = new Set<'aff' | 'neg'>();
  const seen = new Set<string>();
  reserve.stages.forEach((name, j) => {
    if (seen.has(name)) add(['stages', j], M.reserveDuplicateStage(name));
    seen.add(name);
    const stages = format.stages.filter((stage) => stage.name === name && stagePoolId(stage) === pool.id);
    if (stages.length === 0) add(['stages', j], M.reserveUnknownStage(name, pool.name));
    for (const stage of stages)
      for (const spec of stageClockSpecs(stage)) if (spec.side !== null) sides.add(spec.side);
  });
  const smallestMs = Math.min(...[...sides].map((side) => pool.totalMs[side]));
  if (reserve.ms >= smallestMs) add(['ms'], M.reserveTooLarge(smallestMs));
}

function checkStage(
  stage: Stage,
  pool: Format['pools'][number] | undefined,
  at: (...rest: PropertyKey[]) => PropertyKey[],
  add: Add,
): void {
  switch (stage.kind) {
    case 'single':
      if (stage.durationMs === undefined && stage.poolId === undefined)
        add(at('durationMs'), M.singleNeedsDuration);
      if (stage.poolId !== undefined && stage.side === null) add(at('side'), M.pooledNeedsSide);
      if (stage.poolId !== undefined && stage.overtime !== 'stop') add(at('overtime'), M.pooledMustStop);
      if (stage.poi !== undefined) {
        const limit = stage.durationMs ?? Number.POSITIVE_INFINITY;
        if (stage.poi.openFromMs >= stage.poi.closeAtMs || stage.poi.closeAtMs > limit)
          add(at('poi'), M.poiOutside);
      }
      break;
    case 'dual':
      if (stage.endBehaviour === 'relay' && stage.overtime !== 'stop') add(at('overtime'), M.relayMustStop);
      if (stage.poolId !== undefined && stage.overtime !== 'stop') add(at('overtime'), M.pooledMustStop);
      break;
    case 'prep':
      if (pool !== undefined && pool.kind !== 'prep') add(at('poolId'), M.prepNeedsPrepPool(stage.poolId));
      if (new Set(stage.sides).size !== stage.sides.length) add(at('sides'), M.duplicateSide);
      if (stage.firstSide !== undefined && !stage.sides.includes(stage.firstSide))
        add(at('firstSide'), M.firstSideNotInStage);
      break;
    case 'none':
      return;
  }
  checkBells(stage, pool, at, add);
}

/** Bells must fall inside the longest time any clock of the stage can run. */
function checkBells(
  stage: Exclude<Stage, { kind: 'none' }>,
  pool: Format['pools'][number] | undefined,
  at: (...rest: PropertyKey[]) => PropertyKey[],
  add: Add,
): void {
  const budgets = stageClockSpecs(stage).map((spec) => {
    const poolMs =
      pool === undefined || spec.side === null ? Number.POSITIVE_INFINITY : pool.totalMs[spec.side];
    return Math.min(spec.durationMs ?? Number.POSITIVE_INFINITY, poolMs);
  });
  const longestMs = Math.max(...budgets);
  if (!Number.isFinite(longestMs)) return;
  const overtimeContinues = stage.kind !== 'prep' && stage.overtime === 'continue';
  stage.bells.forEach((bell, b) => {
    if (bell.from === 'end' && bell.offsetMs >= longestMs && longestMs > 0)
      add(at('bells', b, 'offsetMs'), M.bellEndOutside(longestMs));
    if (bell.from === 'start') {
      if (bell.offsetMs === 0) add(at('bells', b, 'offsetMs'), M.bellStartZero);
      else if (!overtimeContinues && bell.offsetMs > longestMs)
        add(at('bells', b, 'offsetMs'), M.bellStartOutside(longestMs));
    }
  });
}
