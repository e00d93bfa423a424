/**
 * Tabbycat interchange: its CSV import folders (read and written) and DebateXML, the archive
 * format tab sites publish. Pure: the caller reads and writes the files.
 */
export * from './types';
export { detectTeamsPerDebate, tabbycatTeamNames } from './names';
export { parseTabbycatFolder, TABBYCAT_FILES } from './parse';
export { writeTabbycatFolder } from './write';
export {
  DebateXmlError,
  writeDebateXml,
  xmlAttribute,
  xmlText,
  type DebateXmlDebate,
  type DebateXmlInput,
  type DebateXmlRound,
  type DebateXmlSide,
  type DebateXmlSpeech,
} from './debatexml';
