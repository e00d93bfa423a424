import { Toaster as Sonner } from 'sonner';

/** Toast numbers from the product spec. */
export const TOASTS = { durationMs: 5000, gapPx: 16, visible: 5, hotkey: ['F8'] } as const;

/** The one toast viewport: top-right, 5 s, 16 px gap, at most 5 visible, F8 focuses it. */
export function Toaster({ theme }: { theme: 'light' | 'dark' }) {
  return (
    <Sonner
      position="top-right"
      duration={TOASTS.durationMs}
      gap={TOASTS.gapPx}
      visibleToasts={TOASTS.visible}
      hotkey={[...TOASTS.hotkey]}
      theme={theme}
      closeButton
      richColors
      // Below the site header, so toasts never sit on its buttons (theme, account, 打开大屏).
      offset={{ top: 'calc(var(--header-h, 64px) + 72px)', right: 16 }}
      mobileOffset={{ top: 'calc(var(--header-h, 64px) + 8px)' }}
      containerAriaLabel="通知"
      toastOptions={{ className: 'toast' }}
    />
  );
}
