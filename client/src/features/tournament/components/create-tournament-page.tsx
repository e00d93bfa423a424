import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { messages } from '../../../i18n';
import { toast } from '../../../lib/toast';
import { tournament as tournamentText } from '../../../i18n/zh-CN/tournament';
import { useTRPC } from '../../../lib/api/trpc';
import { useAccount } from '../api/tournament-queries';
import { tournamentErrorMessage } from '../api/tournament-errors';
import { TournamentForm } from './tournament-form';
import '../tournament.css';

const t = tournamentText;

/** `/worldcup/new`: a signed-in organizer creates a tournament and lands in its console. */
export function CreateTournamentPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const account = useAccount();
  const create = useMutation(trpc.tournament.create.mutationOptions());
  if (account.isPending) return <p className="tm-loading">{t.page.loading}</p>;
  if (!account.data) {
    return (
      <div className="tm-page tm-page--narrow">
        <h1 className="tm-title">{t.form.createTitle}</h1>
        <p className="tm-lead">{t.index.signInToCreate}</p>
        <Link className="btn btn--primary" to={`/auth/login?redirect=${encodeURIComponent('/worldcup/new')}`}>
          {t.index.signIn}
        </Link>
      </div>
    );
  }
  return (
    <div className="tm-page tm-page--narrow">
      <Link className="tm-back" to="/worldcup">
        ← {t.page.backToList}
      </Link>
      <header className="tm-head">
        <h1 className="tm-title">{t.form.createTitle}</h1>
        <Link className="btn btn--ghost btn--sm" to="/worldcup/new/tabbycat" data-testid="tm-import-tabbycat">
          {messages.routes.titles.worldcupTabbycat}
        </Link>
      </header>
      <TournamentForm
        view={null}
        submitLabel={t.form.submit}
        pending={create.isPending}
        onSubmit={(input) =>
          create.mutate(
            { tournament: input },
            {
              onSuccess: (created) => {
                toast.success(t.form.created);
                void navigate(`/worldcup/${created.slug}/manage`);
              },
              onError: (error) => void toast.error(tournamentErrorMessage(error)),
            },
          )
        }
      />
    </div>
  );
}
