/** English strings for the landing page; the same shape as zh-CN/landing.ts. */
import type { landing as zh } from '../zh-CN/landing';
import type { Messages } from '../messages-type';

export const landing: Messages<typeof zh> = {
  title: 'Bianshi',
  join: {
    title: 'Join a lobby',
    lead: 'Enter the room code from the organizer, or scan the QR code at the venue.',
    label: 'Room code',
    placeholder: 'e.g. 8K2Q7M',
    submit: 'Join',
    empty: 'Please enter a room code',
    invalid: 'A room code is 6 letters or digits (no 0, O, 1, I or L)',
    joining: 'Entering lobby {code}',
  },
  testimonials: 'What users say',
  loadFailed: 'The home page content did not load. Please reload and try again.',
};
