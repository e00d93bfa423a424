import type { ComponentType } from 'react';
import { AudioPage } from './pages/audio-page';
import { DetailsPage } from './pages/details-page';
import { InfoPage } from './pages/info-page';
import { IntegrationsPage } from './pages/integrations-page';
import { LogoPage } from './pages/logo-page';
import { MembersPage } from './pages/members-page';
import { OfflinePage } from './pages/offline-page';
import { RecordPage } from './pages/record-page';
import { SchedulePage } from './pages/schedule-page';
import { SkinPage } from './pages/skin-page';
import { TeamsPage } from './pages/teams-page';
import { TimingPage } from './pages/timing-page';
import './manage.css';
import './pages/pages.css';

/** Route component of each management page, by its path segment. */
export const MANAGE_ROUTES: Record<
  | 'info'
  | 'logo'
  | 'skin'
  | 'audio'
  | 'teams'
  | 'record'
  | 'timing'
  | 'details'
  | 'offline'
  | 'schedule'
  | 'members'
  | 'integrations',
  ComponentType
> = {
  info: InfoPage,
  logo: LogoPage,
  skin: SkinPage,
  audio: AudioPage,
  teams: TeamsPage,
  record: RecordPage,
  timing: TimingPage,
  details: DetailsPage,
  offline: OfflinePage,
  schedule: SchedulePage,
  members: MembersPage,
  integrations: IntegrationsPage,
};
