/**
 * What a screen shows, read the way a person reads it: never throwing while the page navigates
 * or reconnects (an empty reading instead), so tests can poll them.
 */
import type { Page } from 'playwright-core';

/** The connection badge's text (在线, 离线, 重连中, …). */
export const badge = (page: Page) =>
  page
    .getByTestId('connection-badge')
    .innerText()
    .catch(() => '');

/** The first clock's text. */
export const clockText = (page: Page) =>
  page
    .getByRole('timer')
    .first()
    .innerText()
    .catch(() => '');

/** Whether the first clock runs (`data-running`), or null when there is none. */
export const running = (page: Page) =>
  page
    .locator('.td-clock')
    .first()
    .getAttribute('data-running')
    .catch(() => null);
