import type { ReactNode } from 'react';
import type { IndexFields } from '@bianshi/shared/content/index';
import { landing as landingText } from '../../../i18n/zh-CN/landing';
import {
  IconArrowRight,
  IconBook,
  IconChart,
  IconScreens,
  IconSliders,
  IconSync,
  IconUsers,
  IconWifiOff,
} from '../../../components/ui/icons';
import { PrefetchLink } from '../../../components/ui/prefetch-link';
import { JoinLobbyForm } from './join-lobby-form';
import { TimerPreview } from './timer-preview';

const t = landingText;

const FEATURE_ICONS = {
  sync: IconSync,
  format: IconSliders,
  screen: IconScreens,
  offline: IconWifiOff,
  record: IconChart,
  team: IconUsers,
} as const;

/**
 * The landing page body, every section from `content/index.md` (`data`). `header` and `footer`
 * are slots so the route can compose site chrome (colour-mode toggle, server status) from other
 * features.
 */
export function LandingPage({
  header,
  footer,
  data,
}: {
  header: ReactNode;
  footer: ReactNode;
  data: IndexFields;
}) {
  const { hero, features, sections, testimonials, cta } = data;
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
                {hero.eyebrow}
              </p>
              <h1 id="hero-title" className="hero__title">
                <span className="hero__brand">辩时</span>
                <span className="sr-only"> · </span>
                <span className="hero__tagline">专业辩论比赛计时软件</span>
              </h1>
              <p className="hero__lead">{hero.lead}</p>
              <div className="hero__actions">
                <PrefetchLink
                  to={hero.primary.to}
                  className="btn btn--primary btn--lg"
                  data-testid="cta-start"
                >
                  {hero.primary.label}
                  <IconArrowRight />
                </PrefetchLink>
                <PrefetchLink to={hero.secondary.to} className="btn btn--ghost btn--lg">
                  <IconBook />
                  {hero.secondary.label}
                </PrefetchLink>
              </div>
              <JoinLobbyForm />
            </div>
            <TimerPreview illustration={hero.illustration} />
          </div>
          <div className="container">
            <dl className="stats">
              {hero.stats.map((s) => (
                <div key={s.label} className="stats__item" title={s.source}>
                  <dt>{s.label}</dt>
                  <dd data-testid="landing-stat">{s.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>

        <section className="section" aria-labelledby="features-title">
          <div className="container">
            <header className="section__head">
              <h2 id="features-title" className="section__title">
                {features.title}
              </h2>
              <p className="section__lead">{features.lead}</p>
            </header>
            <ul className="features">
              {features.items.map((f) => {
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

        {sections.map((section) => (
          <section key={section.id} className="section section--tint" aria-labelledby={`${section.id}-title`}>
            <div className="container">
              <header className="section__head">
                <h2 id={`${section.id}-title`} className="section__title">
                  {section.title}
                </h2>
              </header>
              <ol className="steps">
                {section.steps.map((s, i) => (
                  <li key={s.title} className="step">
                    <span className="step__num">{i + 1}</span>
                    <h3 className="step__title">{s.title}</h3>
                    <p className="step__body">{s.body}</p>
                  </li>
                ))}
              </ol>
            </div>
          </section>
        ))}

        {testimonials.length > 0 && (
          <section className="section" aria-label={t.testimonials}>
            <div className="container">
              <ul className="features">
                {testimonials.map((q) => (
                  <li key={q.quote} className="feature">
                    <blockquote className="feature__body">{q.quote}</blockquote>
                    <p className="feature__title">
                      {q.author}
                      {q.role ? ` · ${q.role}` : ''}
                    </p>
                  </li>
                ))}
              </ul>
            </div>
          </section>
        )}

        <section className="section" aria-labelledby="cta-title">
          <div className="container">
            <div className="cta">
              <div>
                <h2 id="cta-title" className="cta__title">
                  {cta.title}
                </h2>
                <p className="cta__lead">{cta.lead}</p>
              </div>
              <PrefetchLink to={cta.link.to} className="btn btn--on-primary btn--lg">
                {cta.link.label}
                <IconArrowRight />
              </PrefetchLink>
            </div>
          </div>
        </section>
      </main>
      {footer}
    </div>
  );
}
