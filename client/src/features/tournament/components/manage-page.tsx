import { tournamentRoleAtLeast, type TournamentView } from '@bianshi/shared';
import { Link, useParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { tournament as tournamentText } from '../../../i18n/zh-CN/tournament';
import { tabbycatLink as tabbycatText } from '../../../i18n/zh-CN/tournament-allocation';
import { tournamentBreak } from '../../../i18n/zh-CN/tournament-break';
import { useTournament } from '../api/tournament-queries';
import { tournamentErrorMessage } from '../api/tournament-errors';
import { useTournamentActions, type TournamentActions } from '../api/use-tournament-actions';
import { useTournamentTitle } from '../hooks/use-tournament-title';
import { BreakSection } from './manage-break';
import { ExportsMenu } from './exports-menu';
import { DrawSection } from './manage-draw';
import { JudgesSection } from './manage-judges';
import { KnockoutSection } from './manage-knockout';
import { RoundsSection } from './manage-rounds';
import { StaffSection } from './manage-staff';
import { TabbycatLinkSection } from './tabbycat-link';
import { TeamsSection } from './manage-teams';
import { TournamentForm } from './tournament-form';
import '../tournament.css';

const t = tournamentText;
const STEPS = ['info', 'staff', 'teams', 'draw', 'judges', 'rounds', 'break', 'knockout', 'exports'] as const;
const STEP_LABELS: Record<(typeof STEPS)[number], string> = {
  ...t.console.steps,
  break: tournamentBreak.step,
};

/** What every console section receives. */
export interface SectionProps {
  view: TournamentView;
  actions: TournamentActions;
}

/**
 * `/worldcup/:slug/manage`: the organizer's console, one page of sections in the order a
 * tournament runs — settings, staff (managed by the owner), teams, the group draw, judges, rounds (publish, topics, results),
 * the break (晋级), the knockout, exports. Judge coordinators see the judge and round sections.
 */
export function ManagePage() {
  const { slug = '' } = useParams();
  const query = useTournament(slug);
  const actions = useTournamentActions(slug);
  const view = query.data;
  useTournamentTitle(view ? `${t.console.title} · ${view.name}` : undefined);
  if (query.isError) {
    return (
      <div className="tm-page">
        <p className="tm-error" role="alert">
          {tournamentErrorMessage(query.error)}
        </p>
      </div>
    );
  }
  if (!view) return <p className="tm-loading">{t.page.loading}</p>;
  if (!view.myRole) {
    return (
      <div className="tm-page">
        <p className="tm-error" role="alert" data-testid="tm-forbidden">
          {t.console.forbidden}
        </p>
        <Link className="btn btn--primary" to={`/worldcup/${view.slug}`}>
          {t.console.view}
        </Link>
      </div>
    );
  }
  const organizer = tournamentRoleAtLeast(view.myRole, 'organizer');
  const steps = STEPS.filter((step) => organizer || step === 'judges' || step === 'rounds');
  const props = { view, actions };
  return (
    <div className="tm-page tm-console" data-testid="tm-console">
      <header className="tm-head">
        <div>
          <p className="tm-eyebrow">{t.console.title}</p>
          <h1 className="tm-title">{view.name}</h1>
          <p className="tm-lead">{t.console.lead}</p>
        </div>
        <Link className="btn btn--ghost btn--sm" to={`/worldcup/${view.slug}`}>
          {t.console.view}
        </Link>
      </header>
      <div className="tm-console__body">
        <nav className="tm-console__nav" aria-label={t.console.title}>
          {steps.map((step) => (
            <a key={step} href={`#tm-${step}`} className="tm-console__step">
              {STEP_LABELS[step]}
            </a>
          ))}
          {organizer && (
            <a href="#tm-tabbycat" className="tm-console__step">
              {tabbycatText.section}
            </a>
          )}
        </nav>
        <div className="tm-console__sections">
          {organizer && (
            <Section id="info">
              <TournamentForm
                view={view}
                submitLabel={t.form.save}
                pending={actions.update.isPending}
                onSubmit={(input) =>
                  actions.update.mutate(
                    { tournamentId: view.id, tournament: input },
                    { onSuccess: () => void toast.success(t.console.saved) },
                  )
                }
              />
            </Section>
          )}
          {organizer && (
            <Section id="staff">
              <StaffSection {...props} />
            </Section>
          )}
          {organizer && (
            <Section id="teams">
              <TeamsSection {...props} />
            </Section>
          )}
          {organizer && (
            <Section id="draw">
              <DrawSection {...props} />
            </Section>
          )}
          <Section id="judges">
            <JudgesSection {...props} />
          </Section>
          <Section id="rounds">
            <RoundsSection {...props} canPublish={organizer} />
          </Section>
          {organizer && (
            <Section id="break">
              <BreakSection {...props} />
            </Section>
          )}
          {organizer && (
            <Section id="knockout">
              <KnockoutSection {...props} />
            </Section>
          )}
          {organizer && (
            <Section id="exports">
              <ExportsMenu slug={view.slug} tournamentId={view.id} />
            </Section>
          )}
          {organizer && (
            <section
              id="tm-tabbycat"
              className="tm-console__section"
              aria-labelledby="tm-tabbycat-title"
              data-testid="tm-section-tabbycat"
            >
              <h2 id="tm-tabbycat-title" className="tm-subtitle">
                {tabbycatText.section}
              </h2>
              <TabbycatLinkSection view={view} />
            </section>
          )}
        </div>
      </div>
    </div>
  );
}

function Section({ id, children }: { id: (typeof STEPS)[number]; children: React.ReactNode }) {
  return (
    <section
      id={`tm-${id}`}
      className="tm-console__section"
      aria-labelledby={`tm-${id}-title`}
      data-testid={`tm-section-${id}`}
    >
      <h2 id={`tm-${id}-title`} className="tm-subtitle">
        {STEP_LABELS[id]}
      </h2>
      {children}
    </section>
  );
}
