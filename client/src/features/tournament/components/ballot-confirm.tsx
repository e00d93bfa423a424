import type { ReactNode } from 'react';
import { tournament as tournamentText } from '../../../i18n/zh-CN/tournament';

const t = tournamentText.ballot;

/** The step before a ballot is sent: what it says, 返回修改 or 确认提交. */
export function BallotConfirm({
  heading,
  text,
  textTestId,
  onBack,
  onConfirm,
}: {
  heading: ReactNode;
  text: string;
  textTestId?: string;
  onBack: () => void;
  onConfirm: () => void;
}) {
  return (
    <section className="tb-card" data-testid="tb-confirm">
      {heading}
      <h2 className="tb-title">{t.confirmTitle}</h2>
      <p className="tb-confirm-text" data-testid={textTestId}>
        {text}
      </p>
      <div className="tb-actions">
        <button type="button" className="tb-button" onClick={onBack}>
          {t.back}
        </button>
        <button
          type="button"
          className="tb-button tb-button--primary"
          data-testid="tb-confirm-submit"
          onClick={onConfirm}
        >
          {t.confirmYes}
        </button>
      </div>
    </section>
  );
}
