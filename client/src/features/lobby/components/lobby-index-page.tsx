import { Link, useSearchParams } from 'react-router';
import { format } from '../../../i18n';
import { lobby as lobbyText } from '../../../i18n/zh-CN/lobby';
import { IconUsers } from '../../../components/ui/icons';
import { useOpenLobbies } from '../api/lobby-queries';
import { CreateLobbyForm } from './create-lobby-form';
import { JoinByCodeForm } from './join-by-code-form';
import '../lobby.css';

const t = lobbyText.index;

/** `/lobby`: join by code, create a lobby, and the open lobbies with live matches and viewers. */
export function LobbyIndexPage() {
  const [params] = useSearchParams();
  const lobbies = useOpenLobbies();
  return (
    <div className="lobby-index">
      <header className="lobby-index__head">
        <h1 className="lobby-index__title">{t.title}</h1>
        <p className="lobby-index__lead">{t.lead}</p>
      </header>
      <div className="lobby-index__forms">
        <JoinByCodeForm initialCode={params.get('code')} />
        <CreateLobbyForm />
      </div>
      <section className="lobby-index__open" aria-labelledby="lobby-open-title">
        <h2 id="lobby-open-title" className="lobby-section-title">
          {t.openTitle}
        </h2>
        {lobbies.isError && <p className="lobby-error">{t.loadFailed}</p>}
        {lobbies.data && lobbies.data.length === 0 && <p className="lobby-muted">{t.openEmpty}</p>}
        <ul className="lobby-list" data-testid="lobby-list">
          {lobbies.data?.map((lobby) => (
            <li key={lobby.id} className="lobby-list__item">
              <Link to={`/lobby/${lobby.id}`} className="lobby-list__link">
                <span className="lobby-list__name">{lobby.name}</span>
                <span className="lobby-list__organizer">
                  {lobby.organizerName
                    ? format(t.organizer, { name: lobby.organizerName })
                    : t.organizerUnknown}
                </span>
                <span className="lobby-list__stats">
                  <span className={lobby.liveMatches > 0 ? 'lobby-live' : 'lobby-muted'}>
                    {format(t.liveMatches, { n: lobby.liveMatches })}
                  </span>
                  <span className="lobby-muted">{format(t.matches, { n: lobby.timerCount })}</span>
                  <span className="lobby-list__viewers">
                    <IconUsers />
                    {format(t.viewers, { n: lobby.viewers })}
                  </span>
                </span>
                <span className="lobby-list__code" aria-label={lobbyText.room.code}>
                  {lobby.code}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
