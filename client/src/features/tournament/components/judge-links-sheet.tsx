import type { TournamentView } from '@bianshi/shared';
import { Link } from 'react-router';
import { CopyButton } from '../../../components/ui/copy-button';
import { QrCode } from '../../../components/ui/qr-code';
import { format } from '../../../i18n';
import { tournament as tournamentText } from '../../../i18n/zh-CN/tournament';
import { ballotLink } from './manage-judges';

const t = tournamentText.judgeLinks;

/**
 * `/worldcup/:slug/print?sheet=judges` (coordinators and organizers): every judge's private
 * ballot link with its QR code, for A4 paper — cut and hand out — and one button copying the
 * whole list as text. What 「通知评委」 always means, mail or not.
 */
export function JudgeLinksSheet({ view }: { view: TournamentView }) {
  const origin = window.location.origin;
  const judges = view.judges.filter((judge) => judge.ballotToken && !judge.revoked);
  const fixturesOf = (judgeId: string) =>
    view.rounds
      .filter((round) => round.status === 'published')
      .flatMap((round) =>
        round.fixtures
          .filter((fixture) => fixture.judgeIds.includes(judgeId))
          .map((fixture) => `${round.name}${fixture.venue ? ` · ${fixture.venue}` : ''}`),
      );
  const list = judges.map((judge) => `${judge.name}：${ballotLink(origin, judge.ballotToken!)}`).join('\n');
  return (
    <div className="tp-sheet" data-testid="tm-judge-links-sheet">
      <div className="tp-toolbar">
        <Link className="btn btn--ghost btn--sm" to={`/worldcup/${view.slug}/manage#tm-judges`}>
          ← {t.back}
        </Link>
        {judges.length > 0 && (
          <CopyButton
            value={list}
            label={t.copyAll}
            copiedLabel={t.copied}
            failedMessage={t.copyFailed}
            className="btn btn--ghost btn--sm"
          />
        )}
        <button type="button" className="btn btn--primary btn--sm" onClick={() => window.print()}>
          {tournamentText.print.print}
        </button>
      </div>
      <header className="tp-head">
        <h1>{view.name}</h1>
        <p>{t.title}</p>
        <p className="tp-muted">{t.hint}</p>
      </header>
      {judges.length === 0 ? (
        <p className="tp-muted">{t.empty}</p>
      ) : (
        <ul className="tp-judges">
          {judges.map((judge) => {
            const link = ballotLink(origin, judge.ballotToken!);
            const fixtures = fixturesOf(judge.id);
            return (
              <li key={judge.id} className="tp-judge" data-testid="tm-judge-link-card">
                <QrCode value={link} label={format(t.qrLabel, { name: judge.name })} size={132} />
                <div className="tp-judge__text">
                  <strong>{judge.name}</strong>
                  {fixtures.length > 0 && <span className="tp-muted">{fixtures.join('；')}</span>}
                  <code className="tp-judge__link">{link}</code>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
