/** Lobbies: the list/create/join page and a lobby screen (audience, judge, organizer console). */
export { LobbyIndexPage } from './components/lobby-index-page';
export { LobbyRoomPage } from './components/lobby-room-page';
