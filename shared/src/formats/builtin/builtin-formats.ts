/** The built-in format library: validated once at load, looked up by stable id. */
import { formatSchema, type Format } from '../format.schema';
import { CHINESE_FORMAT_INPUTS } from './chinese-formats';
import { ENGLISH_FORMAT_INPUTS } from './english-formats';

/** Every built-in format, Chinese first. Each carries 以当届官方规则为准 and passes the schema. */
export const BUILTIN_FORMATS: readonly Format[] = [...CHINESE_FORMAT_INPUTS, ...ENGLISH_FORMAT_INPUTS].map(
  (input) => formatSchema.parse(input),
);

/** A built-in format by id (`cn-worldcup`, `apicdt`, `bp`, `policy-hs`…), or undefined. */
export function getBuiltinFormat(id: string): Format | undefined {
  return BUILTIN_FORMATS.find((format) => format.id === id);
}
