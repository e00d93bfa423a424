/** English route titles and "coming soon" descriptions; the same shape as zh-CN/routes.ts. */
import type { routes as zh } from '../zh-CN/routes';
import type { Messages } from '../messages-type';

export const routes: Messages<typeof zh> = {
  titles: {
    adminAnalytics: 'Traffic',
    adminAi: 'AI feedback',
    adminTopics: 'Topic library review',
    timerInvite: 'Join a timer',
    worldcupNew: 'Create a tournament',
    worldcupTabbycat: 'Import from Tabbycat',
    worldcupTournament: 'Tournament',
    worldcupManage: 'Tournament admin',
    worldcupLive: 'Live wall',
    worldcupOverview: 'Overview',
    worldcupPrint: 'Draw',
    worldcupBallot: 'Ballot',
  },
  placeholder: {
    badge: 'Coming soon',
    coming: 'Coming soon',
    lead: 'This page is under construction. These features arrive in a later version:',
    primary: 'Back to home',
    secondary: 'Read the docs',
    route: 'Route',
  },
  pages: {
    home: {
      title: 'My timers',
      description: 'Your home page after logging in: your timers and debates in one place.',
      items: [
        'My timers and recently used',
        'Recent debates and records',
        'Lobbies I joined',
        'Current plan',
      ],
    },
    ccf: {
      title: 'Flow sheets',
      description:
        'Debate flow sheets (CCF) edited together live, for prep before the round and notes during it.',
      items: ['Create and manage flow sheets', 'Live collaboration and presence', 'Arguments by stage'],
    },
    ccfProject: {
      title: 'Edit flow sheet',
      description: 'Edit a shared flow sheet in full screen.',
      items: ['Live editing together', 'Members online and their cursors', 'Export and print'],
    },
    login: {
      title: 'Log in',
      description: 'Log in to Bianshi to sync your timers, formats and debate records.',
      items: ['Account login', 'Third-party login', 'Back to where you were after logging in'],
    },
    logout: {
      title: 'Log out',
      description: 'Logging you out safely.',
      items: ['Clear the session', 'Back to home'],
    },
    callback: {
      title: 'Login callback',
      description: 'Finishing login, please wait.',
      items: ['Verify the login credentials', 'Back to the original page'],
    },
    authRedirect: {
      title: 'Redirecting',
      description: 'You will be redirected once your login is confirmed.',
      items: ['Check login status', 'Go to the target page'],
    },
    aiCcf: {
      title: 'AI case builder',
      description:
        'From a topic and a side, build a case outline, likely clashes and cross-examination questions.',
      items: [
        'Definitions, criteria, arguments and support',
        'Likely clashes and cross-examination questions',
        'Send to the prep workbench',
      ],
    },
    aiContact: {
      title: 'AI support',
      description: 'An assistant that answers your questions from the documentation.',
      items: [
        'Answers from the docs with sources',
        'Quick answers to common questions',
        'Hand over to a person',
      ],
    },
    topic: {
      title: 'Topics',
      description: 'Debate topics collected by tournament and theme.',
      items: [
        'Browse topics by theme and tournament',
        'Search and favourites',
        'Use on a timer in one click',
      ],
    },
    topicGroup: {
      title: 'Topic collection',
      description: 'The details of a set of topics.',
      items: ['All topics in the collection', 'What each side argues', 'Related debate records'],
    },
    record: {
      title: 'Debate records',
      description: 'Full timing records and action logs of every debate.',
      items: ['Debate list and filters', 'Time used per stage and side', 'Export CSV'],
    },
    recordMatch: {
      title: 'Debate details',
      description: 'A debate’s timeline and the time each side used.',
      items: ['Stage timeline', 'Time used and overtime per side', 'Full action log'],
    },
    schools: {
      title: 'Schools',
      description: 'A directory of schools and debate teams.',
      items: ['Schools and teams', 'Past results', 'Contacts'],
    },
    school: {
      title: 'School',
      description: 'A school’s teams, speakers and debate records by season.',
      items: ['Teams by season', 'Speakers', 'Records, wins and losses'],
    },
    utilsRedirect: {
      title: 'Redirecting',
      description: 'Taking you to the target page, please wait.',
      items: ['Safety check', 'Automatic redirect'],
    },
    workbench: {
      title: 'Workbench',
      description: 'The team prep workbench: research, roles and flow sheets in one place.',
      items: ['Create prep projects', 'Invite teammates', 'Manage research and flow sheets'],
    },
    workbenchProject: {
      title: 'Prep project',
      description: 'A shared space for one team prep project.',
      items: ['Live shared documents', 'Members online', 'Version history'],
    },
    workbenchInvite: {
      title: 'Join a workbench',
      description: 'Accept an invitation and join a team’s prep workbench.',
      items: ['See the invitation', 'Join the project in one click'],
    },
    about: {
      title: 'About',
      description: 'The team and ideas behind Bianshi.',
      items: ['Our story', 'The team', 'Contact us'],
    },
    aboutPage: {
      title: 'About',
      description: 'More about Bianshi.',
      items: ['Text and images', 'Related links'],
    },
    create: {
      title: 'Create a timer',
      description: 'Pick a format or paste the rules, and have a timer in a minute.',
      items: [
        'Choose from the format library',
        'Paste rules to detect them',
        'Custom stages, lengths and bells',
      ],
    },
    pricing: {
      title: 'Pricing',
      description: 'Compare the trial, education and enterprise plans.',
      items: ['Plans and what they include', 'FAQ', 'Buying and invoices'],
    },
    shortLink: {
      title: 'Short link',
      description: 'Resolving the short link and opening its timer.',
      items: ['Resolve the short link', 'Go to the timer'],
    },
    buy: {
      title: 'Buy',
      description: 'Choose a plan and complete your purchase.',
      items: ['Choose a plan', 'Pay online', 'Get a CDKey'],
    },
    buyCdkey: {
      title: 'Redeem a CDKey',
      description: 'Enter a CDKey to activate your plan.',
      items: ['Enter the code', 'See the activation result'],
    },
    buyVerify: {
      title: 'Payment confirmation',
      description: 'Check the payment status of your order.',
      items: ['Look up the order status', 'Activated automatically once paid'],
    },
    buyInvoice: {
      title: 'Request an invoice',
      description: 'Request an invoice for a completed order.',
      items: ['Enter invoice details', 'Track the invoice'],
    },
    lobby: {
      title: 'Lobby',
      description: 'A debate lobby that screens and audiences join with a room code or QR code.',
      items: ['Join with a room code', 'Scan to join', 'Who is online, by role'],
    },
    lobbyRoom: {
      title: 'Lobby',
      description: 'A debate lobby: the organizer features one debate or shows the whole round.',
      items: ['Featured debate', 'Whole round grid', 'Members online'],
    },
    worldcup: {
      title: 'World Cup',
      description: 'The tournament hub: schedule, live rooms and live scores.',
      items: ['Schedule and pairings', 'Live rooms', 'Published results'],
    },
    timer: {
      title: 'Timer',
      description: 'The projector display: a large clock, the stage and both sides.',
      items: ['Large clock with colour cues', 'Bells and full screen', 'Connection status'],
    },
    timerMatch: {
      title: 'Timer',
      description: 'The projector display of one debate.',
      items: ['This debate’s stages and time used', 'Bells and full screen', 'Connection status'],
    },
    manage: {
      title: 'Console',
      description: 'The timer console: start, pause and change stages, with keyboard shortcuts.',
      items: ['Start / pause / switch', 'Keyboard shortcuts', 'Live display preview'],
    },
    manageInfo: {
      title: 'Basic info',
      description: 'The timer’s name, debate details and topic.',
      items: ['Name and topic', 'Debate details'],
    },
    manageLogo: {
      title: 'Logo',
      description: 'Upload the tournament logo to show on the display.',
      items: ['Upload a logo', 'Position and size'],
    },
    manageSkin: {
      title: 'Theme',
      description: 'The display’s colours and style.',
      items: ['Colour scheme', 'Font and background'],
    },
    manageAudio: {
      title: 'Bells',
      description: 'Bell sounds and volume.',
      items: ['Choose a bell', 'Preview and volume'],
    },
    manageTeams: {
      title: 'Teams',
      description: 'Both teams and their speakers.',
      items: ['Team names', 'Speaker list'],
    },
    manageRecord: {
      title: 'Records',
      description: 'This timer’s debate records.',
      items: ['Past debates', 'Time statistics'],
    },
    manageTiming: {
      title: 'Format and timing',
      description: 'Stages, lengths, bells and overtime rules.',
      items: ['Edit stages', 'Shared prep time'],
    },
    manageDetails: {
      title: 'Advanced settings',
      description: 'Advanced display and control options.',
      items: ['Display options', 'Control access'],
    },
    manageOffline: {
      title: 'Offline mode',
      description: 'Keep timing at venues without a network.',
      items: ['Offline timing', 'Sync when back online'],
    },
    manageSchedule: {
      title: 'Schedule',
      description: 'Schedule this timer’s debates.',
      items: ['Debate list', 'Pairings and times'],
    },
    manageMembers: {
      title: 'Members and invitations',
      description: 'Invite judges, timekeepers and editors, and manage their roles.',
      items: ['Members and roles', 'Invitation links and QR codes'],
    },
    manageIntegrations: { title: 'Integrations and streaming', description: '', items: [] },
    accountTokens: { title: 'API tokens', description: '', items: [] },
    adminCdkey: {
      title: 'CDKeys',
      description: 'Generate, look up and void CDKeys.',
      items: ['Generate in bulk', 'Look up and void', 'Redemption log'],
    },
    docs: {
      title: 'Docs',
      description: 'The Bianshi documentation: from creating a timer to running several screens.',
      items: ['Getting started', 'Formats', 'Console shortcuts'],
    },
    changelog: {
      title: 'Changelog',
      description: 'What is new and improved in each Bianshi version.',
      items: ['Version history', 'New features'],
    },
  },
};
