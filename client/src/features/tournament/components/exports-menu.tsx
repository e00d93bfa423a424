import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { tournament as tournamentText } from '../../../i18n/zh-CN/tournament';
import { downloadText } from '../../../lib/browser/download';
import { useTRPCClient } from '../../../lib/api/trpc';
import { tournamentErrorMessage } from '../api/tournament-errors';

const t = tournamentText.page;

/** 导出: fixtures and results CSV, standings CSV (from the hub), and the printable draw sheet. */
export function ExportsMenu({ slug }: { slug: string }) {
  const client = useTRPCClient();
  const [busy, setBusy] = useState(false);
  const save = async (kind: 'fixtures' | 'standings') => {
    setBusy(true);
    try {
      const file =
        kind === 'fixtures'
          ? await client.tournament.exportFixtures.query({ slug })
          : await client.tournament.exportStandings.query({ slug });
      downloadText(file.filename, file.csv, 'text/csv;charset=utf-8');
    } catch (error) {
      toast.error(tournamentErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="tm-exports" role="group" aria-label={t.exports}>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={busy}
        onClick={() => void save('fixtures')}
        data-testid="tm-export-fixtures"
      >
        {t.exportFixtures}
      </button>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={busy}
        onClick={() => void save('standings')}
        data-testid="tm-export-standings"
      >
        {t.exportStandings}
      </button>
      <Link className="btn btn--ghost btn--sm" to={`/worldcup/${slug}/print`}>
        {t.drawSheet}
      </Link>
    </div>
  );
}
