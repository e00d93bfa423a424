/** What the AI area's subscriptions send the browser, in order. */
import type { Format } from '../formats/index';
import type { CaseOutline } from './case-outline';

/** How an answer was made: by the configured provider, or without one. */
export type AiMode = 'provider' | 'deterministic';

/** A docs section the assistant retrieved (and may cite). */
export interface AiSource {
  /** `/docs/…#anchor` (no anchor for a page's introduction). */
  href: string;
  pageTitle: string;
  heading: string;
  trail: string[];
  /** The passage around the question's words, for the deterministic answer. */
  passage: string;
  /** Query words found in the section (the page highlights them). */
  terms: string[];
}

/** Events of `ai.ask` (the assistant). */
export type AskEvent =
  | { type: 'sources'; sources: AiSource[]; covered: boolean; mode: AiMode }
  | { type: 'delta'; text: string }
  | { type: 'done'; mode: AiMode; covered: boolean };

/** Events of `ai.rules` (rules text → format through the provider). */
export type RulesEvent =
  | { type: 'progress'; chars: number; attempt: number }
  | { type: 'retry'; errors: string[] }
  | { type: 'done'; format: Format; attempts: number };

/** Events of `ai.outline` (/ai/ccf). */
export type OutlineEvent =
  | { type: 'progress'; chars: number; attempt: number }
  | { type: 'retry'; errors: string[] }
  | { type: 'done'; outline: CaseOutline; mode: AiMode };
