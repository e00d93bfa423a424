import { combineRgb, type CompanionFeedbackDefinitions } from '@companion-module/base';
import type { BianshiController } from './controller';

/** What the feedbacks read: the controller's latest reading and its live time. */
type Source = Pick<BianshiController, 'reading' | 'remainingMs' | 'overtimeMs'>;

/** Feedback ids, to refresh them all when the reading changes. */
export const FEEDBACK_IDS = ['running', 'warning', 'time_up', 'side'] as const;

/**
 * The module's feedbacks: the button turns green while the clock runs, amber in its warning
 * phase (from the first bell, and the last 10 s), red at time up, and shows which side speaks.
 */
export function feedbackDefinitions(source: Source): CompanionFeedbackDefinitions {
  return {
    running: {
      type: 'boolean',
      name: '正在计时',
      defaultStyle: { bgcolor: combineRgb(0, 153, 51), color: combineRgb(255, 255, 255) },
      options: [],
      callback: () => source.reading?.active?.running === true,
    },
    warning: {
      type: 'boolean',
      name: '时间将到（第一声铃之后、最后 10 秒）',
      defaultStyle: { bgcolor: combineRgb(230, 150, 0), color: combineRgb(0, 0, 0) },
      options: [],
      callback: () => {
        const active = source.reading?.active;
        if (!active || source.overtimeMs() > 0) return false;
        return (
          active.phase === 'warning' ||
          active.phase === 'danger' ||
          (active.running && source.remainingMs() <= 10_000)
        );
      },
    },
    time_up: {
      type: 'boolean',
      name: '时间到',
      defaultStyle: { bgcolor: combineRgb(204, 0, 0), color: combineRgb(255, 255, 255) },
      options: [],
      callback: () => {
        const active = source.reading?.active;
        if (!active) return false;
        return (
          source.overtimeMs() > 0 ||
          active.phase === 'overtime' ||
          (active.remainingMs === 0 && !active.running && source.reading?.status !== 'ready')
        );
      },
    },
    side: {
      type: 'boolean',
      name: '发言方',
      defaultStyle: { bgcolor: combineRgb(0, 90, 200), color: combineRgb(255, 255, 255) },
      options: [
        {
          type: 'dropdown',
          id: 'side',
          label: '哪一方',
          default: 'aff',
          choices: [
            { id: 'aff', label: '正方' },
            { id: 'neg', label: '反方' },
          ],
        },
      ],
      callback: (feedback) => source.reading?.stage.side === feedback.options.side,
    },
  };
}
