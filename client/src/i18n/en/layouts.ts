/** English strings for the layouts' chrome; the same shape as zh-CN/layouts.ts. */
import type { layouts as zh } from '../zh-CN/layouts';
import type { Messages } from '../messages-type';

export const layouts: Messages<typeof zh> = {
  purchase: {
    steps: ['Choose a plan', 'Pay', 'Activate'],
    secure: 'Payments are handled by licensed payment providers',
    help: 'Trouble buying?',
    helpNone: 'Trouble buying? See the FAQ',
  },
  simple: { back: 'Back to home' },
  manage: { label: 'Timer settings', console: 'Console', timer: 'Timer {id}', openDisplay: 'Open display' },
  dash: {
    label: 'Admin',
    cdkey: 'CDKeys',
    aiFeedback: 'AI feedback',
    topicReview: 'Topic library review',
    analytics: 'Traffic',
    orders: 'Orders',
    invoices: 'Invoices',
    users: 'Users',
  },
  docs: {
    contents: 'Contents',
    more: 'More',
    contact: 'Contact support',
    sections: [
      { title: 'Getting started', path: '/docs/getting-started' },
      { title: 'Creating a timer', path: '/docs/create-timer' },
      { title: 'Formats', path: '/docs/formats' },
      { title: 'Multiple screens', path: '/docs/screens' },
      { title: 'Console shortcuts', path: '/docs/shortcuts' },
      { title: 'FAQ', path: '/docs/faq' },
    ],
  },
  content: { back: 'Back' },
};
