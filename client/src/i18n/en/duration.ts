/** English strings for typed durations; the same shape as zh-CN/duration.ts. */
import type { duration as zh } from '../zh-CN/duration';
import type { Messages } from '../messages-type';

export const duration: Messages<typeof zh> = {
  errors: {
    empty: 'Please enter a length, e.g. 3:30',
    negative: 'A length cannot be negative',
    shape: 'This length is not understood: write 3:30, 90 (seconds) or 3m30s',
    sixty: 'Seconds and minutes cannot be more than 59',
    'too-long': 'Cannot be more than 24 hours',
    zero: 'The length must be more than 0:00',
  },
  hint: 'e.g. 3:30, 90 (seconds) or 3m30s; full-width digits work too',
};
