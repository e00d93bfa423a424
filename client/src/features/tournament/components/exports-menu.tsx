import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { tournament as tournamentText } from '../../../i18n/zh-CN/tournament';
import { downloadBytes, downloadText } from '../../../lib/browser/download';
import { useTRPCClient } from '../../../lib/api/trpc';
import { tournamentErrorMessage } from '../api/tournament-errors';

const t = tournamentText.page;

/**
 * 导出: fixtures and results CSV, standings CSV (from the hub), and the printable draw sheet; for
 * the tournament's staff (`tournamentId` given) also the Tabbycat import folder (as a ZIP) and
 * the DebateXML archive.
 */
export function ExportsMenu({ slug, tournamentId }: { slug: string; tournamentId?: string }) {
  const client = useTRPCClient();
  const [busy, setBusy] = useState(false);
  const save = async (kind: 'fixtures' | 'standings' | 'tabbycat' | 'debateXml') => {
    setBusy(true);
    try {
      if (kind === 'tabbycat' && tournamentId) {
        const folder = await client.tournament.exportTabbycat.query({ tournamentId });
        const { strToU8, zipSync } = await import('fflate');
        const zip = zipSync(
          Object.fromEntries(
            Object.entries(folder.files).map(([name, text]) => [`${folder.folder}/${name}`, strToU8(text)]),
          ),
        );
        downloadBytes(`${folder.folder}.zip`, zip, 'application/zip');
      } else if (kind === 'debateXml' && tournamentId) {
        const file = await client.tournament.exportDebateXml.query({ tournamentId });
        downloadText(file.filename, file.xml, 'application/xml;charset=utf-8');
      } else {
        const file =
          kind === 'fixtures'
            ? await client.tournament.exportFixtures.query({ slug })
            : await client.tournament.exportStandings.query({ slug });
        downloadText(file.filename, file.csv, 'text/csv;charset=utf-8');
      }
    } catch (error) {
      toast.error(tournamentErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const button = (kind: Parameters<typeof save>[0], testId: string, label: string) => (
    <button
      type="button"
      className="btn btn--ghost btn--sm"
      disabled={busy}
      onClick={() => void save(kind)}
      data-testid={testId}
    >
      {label}
    </button>
  );
  return (
    <div className="tm-exports" role="group" aria-label={t.exports}>
      {button('fixtures', 'tm-export-fixtures', t.exportFixtures)}
      {button('standings', 'tm-export-standings', t.exportStandings)}
      <Link className="btn btn--ghost btn--sm" to={`/worldcup/${slug}/print`}>
        {t.drawSheet}
      </Link>
      {tournamentId && button('tabbycat', 'tm-export-tabbycat', t.exportTabbycat)}
      {tournamentId && button('debateXml', 'tm-export-debatexml', t.exportDebateXml)}
    </div>
  );
}
