/** English strings for the knockouts of other break categories; the same shape as zh-CN. */
import type { categoryKnockout as zh } from '../zh-CN/tournament-category-knockout';
import type { Messages } from '../messages-type';

export const categoryKnockout: Messages<typeof zh> = {
  title: '{name} knockout',
  mainFirst: 'Once the Open knockout is drawn, you can start another knockout from the “{name}” break.',
  fromBreak: 'Seeded from the “{name}” break ({n} teams).',
  fromBreakEmpty: '“{name}” has no breaking teams yet: set its size and eligibility under “Break” first.',
  create: 'Draw the {name} knockout',
  createConfirm:
    'The first knockout round is drawn from the “{name}” break. After that, changes to the category’s break no longer affect the pairings.',
  created: '{name} knockout drawn',
  next: 'Draw the next {name} round',
  nextDrafted: 'Next {name} round drawn',
  finished: 'The {name} knockout is over',
  champion: '{name} champion',
};
