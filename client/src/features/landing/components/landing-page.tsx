import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../i18n';
import { IconArrowRight, IconBook, IconChart, IconScreens, IconSliders, IconSync, IconUsers, IconWifiOff } from '../../../components/ui/icons';
import { JoinLobbyForm } from './join-lobby-form';
import { TimerPreview } from './timer-preview';

const t = messages.landing;

const FEATURE_ICONS = {
  sync: IconSync,
  format: IconSliders,
  screen: IconScreens,
  offline: IconWifiOff,
  record: IconChart,
  team: IconUsers,
} as const;

/**
 * The landing page body. `header` and `footer` are slots so the route can compose site chrome
 * (colour-mode toggle, server status) from other features.
 */
export function LandingPage({ header, footer }: { header: ReactNode; footer: ReactNode }) {
  return (
    <div className="landing">
      {header}
      <main id="main" className="landing__main">
        <section className="hero" aria-labelledby="hero-title">
          <div className="hero__glow" aria-hidden="true" />
          <div className="container hero__grid">
            <div className="hero__copy">
              <p className="eyebrow">
                <span className="eyebrow__dot" />
                {t.eyebrow}
              </p>
              <h1 id="hero-title" className="hero__title">
                <span className="hero__brand">辩时</span>
                <span className="sr-only"> · </span>
                <span className="hero__tagline">专业辩论比赛计时软件</span>
              </h1>
              <p className="hero__lead">{t.heroLead}</p>
              <div className="hero__actions">
                <Link to="/create" className="btn btn--primary btn--lg" data-testid="cta-start">
                  {t.start}
                  <IconArrowRight />
                </Link>
                <Link to="/docs" className="btn btn--ghost btn--lg">
                  <IconBook />
                  {t.docs}
                </Link>
              </div>
              <JoinLobbyForm />
            </div>
            <TimerPreview />
          </div>
          <div className="container">
            <dl className="stats">
              {t.stats.map((s) => (
                <div key={s.label} className="stats__item">
                  <dt>{s.label}</dt>
                  <dd>{s.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>

        <section className="section" aria-labelledby="features-title">
          <div className="container">
            <header className="section__head">
              <h2 id="features-title" className="section__title">
                {t.featuresTitle}
              </h2>
              <p className="section__lead">{t.featuresLead}</p>
            </header>
            <ul className="features">
              {t.features.map((f) => {
                const Icon = FEATURE_ICONS[f.icon];
                return (
                  <li key={f.title} className="feature">
                    <span className="feature__icon">
                      <Icon />
                    </span>
                    <h3 className="feature__title">{f.title}</h3>
                    <p className="feature__body">{f.body}</p>
                  </li>
                );
              })}
            </ul>
          </div>
        </section>

        <section className="section section--tint" aria-labelledby="steps-title">
          <div className="container">
            <header className="section__head">
              <h2 id="steps-title" className="section__title">
                {t.stepsTitle}
              </h2>
            </header>
            <ol className="steps">
              {t.steps.map((s, i) => (
                <li key={s.title} className="step">
                  <span className="step__num">{i + 1}</span>
                  <h3 className="step__title">{s.title}</h3>
                  <p className="step__body">{s.body}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section className="section" aria-labelledby="cta-title">
          <div className="container">
            <div className="cta">
              <div>
                <h2 id="cta-title" className="cta__title">
                  {t.ctaTitle}
                </h2>
                <p className="cta__lead">{t.ctaLead}</p>
              </div>
              <Link to="/create" className="btn btn--on-primary btn--lg">
                {t.start}
                <IconArrowRight />
              </Link>
            </div>
          </div>
        </section>
      </main>
      {footer}
    </div>
  );
}
