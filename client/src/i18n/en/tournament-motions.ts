/** English strings for a round's motions and the motions tab; the same shape as zh-CN/tournament-motions.ts. */
import type { motionTab as zhMotionTab, roundMotions as zhRoundMotions } from '../zh-CN/tournament-motions';
import type { Messages } from '../messages-type';

export const roundMotions: Messages<typeof zhRoundMotions> = {
  title: 'Motions of this round',
  hint: 'A round can release several motions (e.g. for BP or Australs motion choice), each with an optional info slide. Only staff see them until they are released.',
  none: 'No motions added yet',
  add: 'Add motion',
  addFirst: 'Add this round’s motion',
  edit: 'Edit motion',
  save: 'Save motion',
  saving: 'Saving…',
  saved: 'Motion saved',
  cancel: 'Cancel',
  remove: 'Delete',
  reference: 'Short reference (optional)',
  referencePlaceholder: 'e.g. Economy',
  text: 'Motion',
  infoSlide: 'Info slide (optional)',
  infoSlideShow: 'Info slide',
  numbered: 'Motion {n}',
  max: 'At most {n} motions per round',
  unreleased: 'Not released',
  scheduled: 'Released at {time}',
  releaseAt: 'Release at (optional)',
  schedule: 'Schedule release',
  scheduledToast: 'Motions will be released at {time}',
  releasedAt: 'Released {time}',
  release: 'Release motions',
  releaseConfirm: 'Release this round’s motions?',
  releaseConfirmBody:
    'Once released, everyone can see them on the tournament page and on the timer screens of this round’s released debates; a release cannot be taken back.',
  releasedToast: '{n} motions released',
  rooms: 'Motion per room',
  roomsHint:
    'This round has several motions: choose the one each room actually debated; the timer screens and motion statistics follow.',
  room: '{aff} vs {neg}',
  notChosen: 'Not chosen',
  chosen: 'Room’s motion updated',
};

export const motionTab: Messages<typeof zhMotionTab> = {
  infoSlide: 'Info slide',
  statsTitle: 'Motion statistics',
  statsMotion: 'Motion',
  statsRooms: 'Rooms',
  statsWins: '{side} wins',
  statsPoints: '{position} average points',
  statsEmpty: 'No confirmed results yet',
};
