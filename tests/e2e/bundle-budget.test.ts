/**
 * Bundle budgets (client/build/route-budgets.ts): the brotli bytes the projector display, the
 * lobby screen, the tournament live wall and the judge's ballot page download before they
 * render stay under their ceilings, and none pulls code it does not use (the manage pages and
 * format editor, the console, Supabase, and more). Reads the build (`npm run build -w client`
 * first), like the other tests of this project; runs in `npm test`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { consolePage } from '../../client/src/i18n/zh-CN/console';
import { create } from '../../client/src/i18n/zh-CN/create';
import { lobby } from '../../client/src/i18n/zh-CN/lobby';
import { manage } from '../../client/src/i18n/zh-CN/manage';
import { routes as routesText } from '../../client/src/i18n/zh-CN/routes';
import { tournament } from '../../client/src/i18n/zh-CN/tournament';
import { tournamentOverview } from '../../client/src/i18n/zh-CN/tournament-overview';
import { paths } from '../../hub/src/lib/paths';
import { filesForRoute, readManifest } from '../../client/build/route-chunks';
import { ROUTE_BUDGETS, routeWeight } from '../../client/build/route-budgets';
import { ROUTE_MODULES } from '../../client/build/route-modules';

/** Strings of length ≥ 10 in a strings module: markers of that feature's code in a chunk. */
function markersOf(strings: unknown): string[] {
  if (typeof strings === 'string') return strings.length >= 10 && !strings.includes('{') ? [strings] : [];
  if (strings && typeof strings === 'object') return Object.values(strings).flatMap(markersOf);
  return [];
}

/** Markers of `strings` that the tournament's own strings (loaded by its wall) do not share. */
const notTournament = (strings: unknown) =>
  markersOf(strings).filter((marker) => !markersOf(tournament).includes(marker));

/** Text only the QR code library contains. */
const QR_LIBRARY = 'The amount of data is too big to be stored in a QR Code';

/** Test ids only the tournament console's code contains. */
const TOURNAMENT_CONSOLE = ['tm-csv-import', 'tm-generate-draw', 'tm-publish-round'];

/** What neither lobby screen (the audience's page, the site's) downloads before it renders. */
const LOBBY_UNUSED: readonly (readonly [string, string[]])[] = [
  ['the manage pages and their format editor', markersOf(manage)],
  ['the console', markersOf(consolePage)],
  ['the create page', markersOf(create)],
  ['Supabase (loaded only when the fallback starts)', ['supabase-js', 'GoTrueClient']],
  // The code rule and the roles come from schema-free modules of shared/.
  ['zod', ['_zod', 'ZodError']],
  ['the QR library (loaded with the first code drawn)', [QR_LIBRARY]],
  ['the toaster (loaded when a toast is shown)', ['data-sonner-toaster']],
];

/** Code a screen must not download up front: what it is, and text only that code contains. */
const UNUSED: Record<string, readonly (readonly [string, string[]])[]> = {
  'display (/timer/:id)': [
    ['the manage pages and their format editor', markersOf(manage)],
    ['the console', markersOf(consolePage)],
    ['the create page', markersOf(create)],
    ['the lobby', markersOf(lobby)],
    ['Supabase (loaded only when the fallback starts)', ['supabase-js', 'GoTrueClient']],
    ['the toaster (loaded when a toast is shown)', ['data-sonner-toaster']],
    // The display reads its settings by hand and watches over the bare tRPC client.
    ['zod', ['_zod', 'ZodError']],
    ['TanStack Query and its tRPC bindings', ['QueryClient', 'queryOptions', 'mutationOptions']],
    ['the auth guard (not on the display)', ['redirect-path']],
    // Its own page: no router, and not the site's route table or titles; Preact, not React.
    ['React Router', ['useNavigate', 'createBrowserRouter']],
    ['react-dom (the display renders with preact/compat)', ['__REACT_DEVTOOLS_GLOBAL_HOOK__']],
    [
      "the site's route table",
      [routesText.pages.lobbyRoom.description, routesText.pages.worldcup.description],
    ],
  ],
  'lobby screen (/lobby/:id)': [
    ...LOBBY_UNUSED,
    // The audience's own page: no router, no route table, no query cache, no organizer console;
    // Preact, not React.
    ['TanStack Query and its tRPC bindings', ['QueryClient', 'queryOptions', 'mutationOptions']],
    ['React Router', ['useNavigate', 'createBrowserRouter']],
    ['react-dom (the audience page renders with preact/compat)', ['__REACT_DEVTOOLS_GLOBAL_HOOK__']],
    [
      "the site's route table",
      [routesText.pages.lobbyRoom.description, routesText.pages.worldcup.description],
    ],
    ["the organizer's console (its test ids)", ['lobby-broadcast-send', 'lobby-roster-row']],
  ],
  'lobby in the site (/lobby/:id, organizer)': LOBBY_UNUSED,
  'tournament live wall (/worldcup/:slug/live/:roundId)': [
    ['the manage pages and their format editor', markersOf(manage)],
    ['the console', notTournament(consolePage)],
    ['the lobby screens', notTournament(lobby)],
    ['the tournament console', TOURNAMENT_CONSOLE],
    ['the tab room overview', [...notTournament(tournamentOverview), 'to-overview']],
    ['Supabase (loaded only when the fallback starts)', ['supabase-js', 'GoTrueClient']],
  ],
  'tab room overview (/worldcup/:slug/manage/overview/:roundId)': [
    ['the manage pages and their format editor', markersOf(manage)],
    ['the console', notTournament(consolePage)],
    ['the lobby screens', notTournament(lobby)],
    ['the tournament console', TOURNAMENT_CONSOLE],
    ['Supabase (loaded only when the fallback starts)', ['supabase-js', 'GoTrueClient']],
  ],
  'judge ballot (/worldcup/ballot/:token)': [
    ['the timer display', ['td-clock__digits']],
    ['the lobby screen sync', ['bianshi:lobby-screen-name']],
    ['the tournament console', TOURNAMENT_CONSOLE],
    ['the CSV parser', ['papaparse', 'Papa.parse']],
    ['Supabase (loaded only when the fallback starts)', ['supabase-js', 'GoTrueClient']],
  ],
};

describe('bundle budgets', () => {
  for (const route of ROUTE_BUDGETS) {
    it(`${route.name} stays within ${route.budgetBytes} bytes (brotli)`, () => {
      const weight = routeWeight(paths.clientDist, route.modules, route.entry);
      const listing = weight.files.map((file) => `${file.file} ${file.bytes}`).join('\n');
      expect(weight.bytes, `${route.name} ships ${weight.bytes} bytes:\n${listing}`).toBeLessThanOrEqual(
        route.budgetBytes,
      );
    });

    it(`${route.name} loads none of the code it does not use`, () => {
      const files = filesForRoute(readManifest(paths.clientDist), route.modules, route.entry).filter((file) =>
        file.endsWith('.js'),
      );
      const text = files.map((file) => readFileSync(join(paths.clientDist, file), 'utf8')).join('\n');
      const checks = UNUSED[route.name] ?? [];
      expect(checks.length).toBeGreaterThan(0);
      const found = checks
        .filter(([, markers]) => markers.some((marker) => text.includes(marker)))
        .map(([what, markers]) => `${what}: ${markers.find((marker) => text.includes(marker))}`);
      expect(found).toEqual([]);
    });
  }
});

describe('the built-in format library', () => {
  it('reaches the browser as data built in Node, not as formats parsed by the schema on load (client/build/builtin-formats-plugin.ts)', () => {
    const files = filesForRoute(readManifest(paths.clientDist), ROUTE_MODULES.create).filter((file) =>
      file.endsWith('.js'),
    );
    const text = files.map((file) => readFileSync(join(paths.clientDist, file), 'utf8')).join('\n');
    expect(text).toContain('{"schemaVersion":1,"id":"cn-worldcup"');
  });
});
