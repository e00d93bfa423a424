/** English strings for /home's own sections; the same shape as zh-CN/home.ts. */
import type { home as zh } from '../zh-CN/home';
import type { Messages } from '../messages-type';

export const home: Messages<typeof zh> = {
  tools: {
    title: 'More tools',
    items: [
      { to: '/workbench', name: 'Workbench', hint: 'Team prep projects: research, roles and documents' },
      { to: '/ccf', name: 'Flow sheets', hint: 'Debate flow sheets, edited together live' },
      { to: '/ai/ccf', name: 'AI case builder', hint: 'Enter a topic, get a case outline' },
      { to: '/worldcup', name: 'World Cup', hint: 'Tournaments, schedules, adjudicators and pairings' },
      { to: '/ai/contact', name: 'AI support', hint: 'Answers questions from the documentation' },
      { to: '/buy/verify', name: 'Orders and codes', hint: 'Order status and payment methods' },
      { to: '/buy/invoice', name: 'Request an invoice', hint: 'Invoices for paid orders' },
      { to: '/account/tokens', name: 'API tokens', hint: 'For broadcast software and scripts' },
    ],
  },
};
