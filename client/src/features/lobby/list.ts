/** The lobby list's route module (`/lobby`): join by code, create, the open lobbies; not the lobby screen's code. */
export { LobbyIndexPage } from './components/lobby-index-page';
