/** English strings for customer support; the same shape as zh-CN/support.ts. */
import type { support as zh } from '../zh-CN/support';
import type { Messages } from '../messages-type';

export const support: Messages<typeof zh> = {
  contact: 'Contact support',
  web: 'Live chat',
  email: 'Support e-mail',
  title: 'Contact us',
  lead: 'Questions about using or buying Bianshi? Contact support here:',
  none: 'This site offers no human support contact. Read the documentation first, or ask the AI support.',
  docs: 'Documentation',
  assistant: 'AI support',
  assistantLead: 'Didn’t solve your problem?',
  assistantNone:
    'This site offers no human support contact. Try asking another way, or search the documentation.',
};
