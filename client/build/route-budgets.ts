import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { filesForRoute, readManifest } from './route-chunks';
import { ROUTE_MODULES } from './route-modules';

/**
 * Bundle budgets: what a page downloads (brotli, as the hub serves it) before it can show a
 * route, the HTML entry and the route's layout and page chunks with their static imports and CSS.
 * Checked by tests/e2e/bundle-budget.test.ts after every build; lower a budget when a route
 * shrinks, and never raise one without saying why in the commit. The issue's goal for the
 * display and the lobby screen is 150 KB on the wire in all (bench `load` scenario); these
 * ceilings hold today's weight so it cannot grow while it is cut further.
 *
 * Raised once, at the merge of seven feature areas (2026-11-23): 183 000 → 186 000 and
 * 211 000 → 217 000. The route table every page loads grew from about 5 KB to 9 KB with the new
 * routes, the docs stylesheet is global (prerendered docs pages need it before any script), and
 * react-router and TanStack Query split into chunks of their own now that more features share
 * them.
 *
 * Lowered (issue 19, 2026-11-23): the display 186 000 → 141 000 (no TanStack Query, auth guard or
 * zod on the display, the content site's styles with its pages) and the lobby screen 217 000 →
 * 211 000 (the content styles; it keeps the query cache, which it uses). The modules listed are
 * what React Router loads for the route, so the lobby's include the server-data layout.
 *
 * Raised once after the merge (2026-11-24): the display 141 000 → 141 500. The entry every page
 * loads holds the route table and route titles; the 世界杯 and AI routes added 359 bytes to it
 * (141 359). The display's own chunks did not grow.
 *
 * Lowered (issue 19, 2026-11-24): the organizer's lobby 173 000 → 171 500, the live wall
 * 160 000 → 159 500, the ballot 144 000 → 143 500. TanStack Query is one chunk now
 * (vite.config.ts, `codeSplitting`) instead of two or three cut by which route imports which
 * hook: about 0.6 KB less, and stable when a route's imports change. That pays for index.html
 * listing the route chunks of `/`, `/lobby` and `/create` (about 200 bytes), which lets them
 * download with the entry instead of after it has run.
 *
 * Raised (2026-11-24, a chunk that does not load): the display 48 200 → 48 400, the lobby
 * screen 51 900 → 52 100, the organizer's lobby 172 000 → 172 400, the live wall 159 900 →
 * 160 400, the ballot 143 500 → 143 900. A page now reloads after a failed chunk only when its
 * hub answers a check (it used to reload into the browser's error page when the venue's network
 * or the hub was gone, which took a projector's counting clock with it); a route whose chunk
 * fails shows 出错了 with 重新加载 instead of a blank page (React Router leaves the navigation's
 * layouts unloaded when one route's `lazy` fails); the toaster and the browser check render
 * nothing when theirs fails. Against `a51a50c`: +170 bytes on the display and the lobby screen,
 * +300 to +330 on the site's pages. Builds of one commit in two directories differed by up to
 * 52 bytes (display 48 133 and 48 185), so each budget keeps 190 to 300 bytes above its builds.
 *
 * Raised (issue 30, signed fallback): the lobby screen 52 100 → 52 350, the organizer's lobby
 * 172 700 → 173 000, the live wall 160 700 → 161 000. The Supabase fallback channel is public, so
 * a screen now checks every message's signature before it shows it (realtime/timer/fallback-signature.ts,
 * WebCrypto, no library). The checks themselves load with supabase-js, out of the first download;
 * what stays in the realtime timer chunk every screen shares is the loading of that chunk, the check
 * call with the screen's timer and server time, and the hub's `peers` flag from ticks: +220 bytes
 * on the Preact screens' chunk, +297 on the site's. Against `504f7bf`, built in two directories on
 * one machine: display 48 125 → 48 155 (its console-only fallback strings moved out, which paid for
 * its share), lobby screen 51 868 → 52 116, organizer's lobby 172 551 → 172 860, wall 160 574 →
 * 160 872, ballot 144 053 → 144 040. Each raised budget keeps the headroom it had.
 *
 * Raised (issue 31, 2026-11-27, what the clock says on match day): the display 48 400 → 49 500,
 * the lobby screen 52 100 → 53 300, the organizer's lobby 172 700 → 173 950, the live wall
 * 160 700 → 161 900. The clock keeps half the screen whatever the texts (each text sized to its
 * own box, the stage name fitted to its line, full texts in titles), a clock stopped at zero says
 * 时间到 and may flash, a pool's reserve shows in the pool note, and the tab names the timer.
 * Against `504f7bf`: display 48 140 → 49 310 (+1 170: 790 in the shared screen chunk, 320 in
 * its stylesheet), lobby screen 51 897 → 53 073, organizer's lobby 172 468 → 173 718, live wall
 * 160 509 → 161 639 (the timer display they embed).
 * Both raises were measured against `504f7bf` and are added together here.
 */
/*
 * Raised (issue 31, match day, 2026-11-27): the display 48 400 → 49 600, the lobby screen
 * 52 100 → 53 050, the organizer's lobby 172 700 → 174 300, the live wall 160 700 → 161 800.
 * Every screen that watches a timer now says in Chinese why the hub refused or dropped its watch
 * (此计时器已设为私有, 评委链接无效, the hub's close reasons) instead of a frozen clock marked 在线,
 * opens again a watch the hub ended or refused for now, and carries a judge link's key; the
 * organizer's lobby asks with the product's dialog (its chunk, 460 bytes) instead of confirm().
 * Builds of this branch: display 49 321, lobby screen 52 776, organizer's lobby 174 022, wall
 * 161 514. A finished match's result on the display loads on demand (its own chunk and styles),
 * which kept about 310 bytes off the display.
 *
 * Both issue-31 branches together with the console's (Tab, typed time, per-field errors, format
 * edits, the product's own confirm and prompt dialogs) and issue 35's overlay link, built on one
 * machine at `be30458`: display 50 648, lobby screen 54 469, organizer's lobby 175 864, live wall
 * 162 125, ballot 142 880. Budgets: display 50 900, lobby screen 54 700, organizer's lobby
 * 176 100, live wall 162 400 (lowered from the sum of the raises, which overshot it).
 *
 * Raised (issue 35, lobby webhooks): the organizer's lobby 176 100 → 176 750. Its console gains a
 * Webhook section whose panel loads on demand with the manage pages' styles; what stays in the
 * route is the section, its loader (naming the chunk and three stylesheets) and three strings:
 * 175 864 → 176 471–176 490 in two builds.
 *
 * Raised (issue 32, the live wall follows status and topic): the live wall 162 400 → 163 400.
 * Tiles take 未开始 / 进行中 / 已结束 and the released topic from the round's lobby watch, and the
 * wall re-reads itself when a scheduled topic is released: 162 125 → 163 138.
 *
 * Raised (issue 32, navigation and support, 2026-11-27): the organizer's lobby 176 750 → 178 350.
 * Every site page's chrome now reaches every area: the account menu lists 工作台, 流程单, AI 立论助手
 * and (for admins) the four admin screens, and signs out with a POST through a shared hook; the
 * footer gained a 购买 column, the AI links and 联系客服 from the hub's SUPPORT_URL/SUPPORT_EMAIL
 * (`system.info`, the footer's own query; the link alone, 340 bytes, not the support feature's
 * styles). /home's tool list went to its own strings module to stay out of the header. Against
 * `1f31dc3` (176 563): 178 083 — the auth chunk +553, use-support +340, footer and header +311,
 * the entry's footer strings and styles +188.
 *
 * Raised (2026-11-27, headroom): the organizer's lobby 178 350 → 178 900. Builds of the same
 * source on this machine measured 177 915, 178 430 and 178 479 (the entry chunk's hashes and
 * the drawn pages' manifest move a few hundred bytes between builds), which left no room.
 * For the same reason the live wall 163 400 → 163 900 (builds 163 138–163 321).
 */
export const ROUTE_BUDGETS: readonly RouteBudget[] = [
  {
    // Its own page since 2026-11-24 (display.html, no router, no site chrome): 141 359 → 102 004;
    // then rendered with Preact (vite.display.config.ts): 46 255. 47 527 once the lobby's audience
    // page is built beside it (2026-11-24): the code both pages use is a chunk of its own (cached
    // once for both), and two files compress about 1.2 KB worse than one. 47 513 → 47 881 when the
    // page learned to draw the timer state the hub sends inside it (realtime/timer/embedded-watch.ts),
    // two round trips before its socket answers; 48 133–48 185 with the reload check.
    name: 'display (/timer/:id)',
    entry: 'display.html',
    modules: [],
    budgetBytes: 50_900,
  },
  {
    // The audience's own page (lobby-screen.html, Preact, no router), what the hub serves for
    // `/lobby/:id` to a browser that cannot be the organizer (2026-11-24: 51 102; 51 196 → 51 565
    // with the lobby state inside the page, as the display's; 51 873–51 912 with the reload check;
    // 52 104 with the danger button of the product's own confirm dialog in the shared styles and the
    // timer watch's `renamed` message, by which a screen named from the console keeps its name).
    name: 'lobby screen (/lobby/:id)',
    entry: 'lobby-screen.html',
    modules: [],
    budgetBytes: 54_700,
  },
  {
    // The lobby inside the site: the organizer's page (with the console), and the audience screen
    // reached by a link from another page of the site.
    name: 'lobby in the site (/lobby/:id, organizer)',
    modules: ROUTE_MODULES.lobbyRoom,
    // 2026-11-24: 209 317 → 171 088 (no zod for the code rule, no QR library or sonner before the
    // first render); 172 383 once index.html paints a loading splash and the site's build no
    // longer shares react-dom's chunk with the display's; 172 762 once the display, the lobby and
    // the wall share one full-screen hook and button (a chunk of their own) instead of three copies;
    // 171 010 → 171 570 with the lobby watch's reader of a state sent inside the page; 172 081–172 104
    // with the reload check, the chunk error screen and the optional toaster; 172 459 with the
    // drawn pages' input keeper in index.html and the wait for a drawn page's routes in the entry.
    budgetBytes: 178_900,
  },
  {
    // A venue's projector: every clock of a round over one lobby subscription (2026-11-24: 190 408;
    // 158 319 once the shared chunks lost zod, QR and sonner; 159 446 with the splash, as above;
    // 159 801 with the shared full-screen button, as the lobby's; 159 058 → 159 535 with the lobby
    // watch's reader of a state sent inside the page, which the wall shares with the lobby screen;
    // 160 115–160 122 with the reload check, the chunk error screen and the optional toaster;
    // 160 481 with the drawn pages' input keeper and wait, as the lobby's).
    // BP rooms (issue 34): a tile names four teams, and the shared tournament schema the wall's
    // chunks carry now checks a BP ranking ballot: 164 999 (+1 100); the budget keeps its headroom.
    name: 'tournament live wall (/worldcup/:slug/live/:roundId)',
    modules: ['src/app/layouts/blank-layout.tsx', 'src/features/tournament/wall.ts'],
    budgetBytes: 165_600,
  },
  {
    // The tab room's overview (issue 34, 2026-11-28): every room of a round, its stage, time left
    // and ballots, on staff laptops, phones and the tab room's projector, over the wall's one lobby
    // subscription. Builds: 164 852 to 165 120 (it shares the wall's chunks, the timer display's
    // with them through the status pill). The route added 4 to 112 bytes to the wall's (163 619 →
    // 163 623–163 731, the route in the entry and the wall's staff link), within its budget.
    // BP rooms (issue 34): four seats and the order a room: 166 524 (+1 100), headroom kept.
    name: 'tab room overview (/worldcup/:slug/manage/overview/:roundId)',
    modules: ['src/app/layouts/blank-layout.tsx', 'src/features/tournament/overview.ts'],
    budgetBytes: 166_800,
  },
  {
    // A judge's phone, often on venue Wi-Fi (2026-11-24: 145 773, then 142 767, then 143 822;
    // 143 567–143 618 with the reload check, the chunk error screen and the optional toaster;
    // 143 947 with the drawn pages' input keeper and wait, as the lobby's).
    // BP rooms (issue 34): the chair's ranking form and its checks: 145 032 (+1 000), headroom kept.
    name: 'judge ballot (/worldcup/ballot/:token)',
    modules: ['src/app/layouts/logo-blank-layout.tsx', 'src/features/tournament/ballot.ts'],
    budgetBytes: 145_300,
  },
];

export interface RouteBudget {
  name: string;
  /** The page the hub serves for the route (default `index.html`). */
  entry?: string;
  /** Route modules React Router loads for it (none for a page of its own). */
  modules: readonly string[];
  budgetBytes: number;
}

/** Bytes of a built file as served: its `.br` sibling when there is one. */
export function servedBytes(dist: string, file: string): number {
  const brotli = join(dist, `${file}.br`);
  return readFileSync(existsSync(brotli) ? brotli : join(dist, file)).length;
}

/** The files and brotli bytes of a route, from the build in `dist`. */
export function routeWeight(
  dist: string,
  modules: readonly string[],
  entry = 'index.html',
): { files: { file: string; bytes: number }[]; bytes: number } {
  const files = filesForRoute(readManifest(dist), modules, entry).map((file) => ({
    file,
    bytes: servedBytes(dist, file),
  }));
  return { files, bytes: files.reduce((sum, file) => sum + file.bytes, 0) + servedBytes(dist, entry) };
}
