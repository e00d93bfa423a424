import type { TournamentJudge, TournamentSchoolRef } from '@bianshi/shared';
import { Link } from 'react-router';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { CopyButton } from '../../../components/ui/copy-button';
import { Dialog } from '../../../components/ui/dialog';
import { QrCode } from '../../../components/ui/qr-code';
import { format } from '../../../i18n';
import { tournament as tournamentText } from '../../../i18n/zh-CN/tournament';
import type { SectionProps } from './manage-page';

const t = tournamentText.judgesAdmin;

/** A judge's private ballot link on this site. */
export function ballotLink(origin: string, token: string): string {
  return `${origin}/worldcup/ballot/${token}`;
}

/** 评委: add judges (with conflicts), hand out private ballot links (copy, QR), rotate or revoke them. */
export function JudgesSection({ view, actions }: SectionProps) {
  const [name, setName] = useState('');
  const [conflicts, setConflicts] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [qr, setQr] = useState<TournamentJudge | null>(null);
  const origin = window.location.origin;
  const confirm = useConfirm();

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t.nameRequired);
      return;
    }
    setError(null);
    actions.addJudge.mutate(
      { tournamentId: view.id, judge: { name: name.trim(), email: '', conflicts } },
      {
        onSuccess: () => {
          setName('');
          setConflicts([]);
        },
      },
    );
  };

  return (
    <div className="tm-stack">
      {confirm.dialog}
      <form className="tm-row tm-row--end" onSubmit={add} noValidate>
        <label className="tm-field tm-field--inline">
          <span className="tm-field__label">{t.name}</span>
          <input
            className="input"
            value={name}
            placeholder={t.namePlaceholder}
            aria-invalid={error ? 'true' : undefined}
            onChange={(e) => setName(e.target.value)}
            data-testid="tm-judge-name"
          />
        </label>
        <SchoolPicker schools={view.schools} value={conflicts} onChange={setConflicts} label={t.schools} />
        <button
          type="submit"
          className="btn btn--primary btn--sm"
          disabled={actions.addJudge.isPending}
          data-testid="tm-judge-add"
        >
          {t.add}
        </button>
      </form>
      {error && <p className="tm-field__error">{error}</p>}
      {view.judges.length > 0 && (
        <p className="tm-small">
          <Link to={`/worldcup/${view.slug}/print?sheet=judges`} data-testid="tm-judge-links-sheet">
            {tournamentText.judgeLinks.open}
          </Link>
        </p>
      )}
      {view.judges.length === 0 ? (
        <p className="tm-empty">{tournamentText.judges.empty}</p>
      ) : (
        <ul className="tm-judges" data-testid="tm-judge-list">
          {view.judges.map((judge) => {
            const link = judge.ballotToken && !judge.revoked ? ballotLink(origin, judge.ballotToken) : null;
            return (
              <li key={judge.id} className="tm-judge" data-testid="tm-judge" data-judge-id={judge.id}>
                <div className="tm-judge__main">
                  <strong>{judge.name}</strong>
                  {judge.revoked && <span className="tm-chip tm-chip--warn">{t.revoked}</span>}
                  <SchoolPicker
                    schools={view.schools}
                    value={judge.conflicts}
                    label={t.schools}
                    compact
                    onChange={(schoolKeys) =>
                      actions.setConflicts.mutate({ tournamentId: view.id, judgeId: judge.id, schoolKeys })
                    }
                  />
                </div>
                {link && (
                  <input
                    className="input tm-mono tm-judge__link"
                    readOnly
                    value={link}
                    aria-label={format(t.linkOf, { name: judge.name })}
                    onFocus={(e) => e.target.select()}
                    data-testid="tm-judge-link"
                  />
                )}
                <div className="tm-row">
                  {link && (
                    <CopyButton
                      value={link}
                      label={t.copy}
                      copiedLabel={t.copied}
                      failedMessage={t.copyFailed}
                    />
                  )}
                  {link && (
                    <button type="button" className="btn btn--ghost btn--sm" onClick={() => setQr(judge)}>
                      {t.qr}
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn btn--ghost btn--sm"
                    onClick={() =>
                      actions.rotateJudgeLink.mutate(
                        { tournamentId: view.id, judgeId: judge.id },
                        { onSuccess: () => void toast.success(t.rotated) },
                      )
                    }
                  >
                    {t.reissue}
                  </button>
                  <button
                    type="button"
                    className="btn btn--ghost btn--sm"
                    onClick={() =>
                      void confirm
                        .ask({
                          title: t.removeConfirm,
                          body: t.removeConfirmBody,
                          confirmLabel: t.remove,
                          tone: 'danger',
                        })
                        .then(
                          (yes) =>
                            yes && actions.removeJudge.mutate({ tournamentId: view.id, judgeId: judge.id }),
                        )
                    }
                  >
                    {t.remove}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Dialog
        open={qr !== null}
        title={qr ? format(t.qrTitle, { name: qr.name }) : ''}
        onClose={() => setQr(null)}
        footer={
          <button type="button" className="btn btn--primary btn--sm" onClick={() => setQr(null)}>
            {t.close}
          </button>
        }
      >
        {qr?.ballotToken && (
          <div className="tm-qr">
            <QrCode
              value={ballotLink(origin, qr.ballotToken)}
              label={format(t.qrLabel, { name: qr.name })}
              size={220}
            />
            <p className="tm-muted tm-small">{t.qrHint}</p>
          </div>
        )}
      </Dialog>
    </div>
  );
}

/** The schools a judge stays away from: a compact multi-select of the tournament's schools. */
function SchoolPicker({
  schools,
  value,
  onChange,
  label,
  compact = false,
}: {
  schools: TournamentSchoolRef[];
  value: string[];
  onChange: (keys: string[]) => void;
  label: string;
  compact?: boolean;
}) {
  if (schools.length === 0) return null;
  const names = new Map(schools.map((school) => [school.key, school.name] as const));
  return (
    <details className={compact ? 'tm-picker tm-picker--compact' : 'tm-picker'}>
      <summary className="tm-picker__summary">
        {value.length > 0
          ? format(tournamentText.judges.conflicts, {
              schools: value.map((key) => names.get(key) ?? key).join('、'),
            })
          : label}
      </summary>
      <div className="tm-picker__options">
        {schools.map((school) => (
          <label key={school.key} className="tm-check">
            <input
              type="checkbox"
              checked={value.includes(school.key)}
              onChange={(e) =>
                onChange(
                  e.target.checked ? [...value, school.key] : value.filter((key) => key !== school.key),
                )
              }
            />
            {school.name}
          </label>
        ))}
      </div>
    </details>
  );
}
