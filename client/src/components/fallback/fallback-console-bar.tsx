import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { toast } from '../../lib/toast';
import { format } from '../../i18n';
import { fallbackConsole as fallbackText } from '../../i18n/zh-CN/fallback-console';
import {
  useFallbackAuthority,
  useFallbackAuthorityState,
  useTimerStore,
  type TimerStore,
} from '../../lib/realtime/timer';
import { Dialog } from '../ui/dialog';
import { peersBadge } from './fallback-label';
import './fallback.css';

const t = fallbackText;

/**
 * The console's fallback authority and its view: mounts the authority over the console's watch
 * store (so its commands keep working when the hub is cut off and the Supabase fallback is
 * configured), shows a badge while it runs the match without the hub (with the count of
 * offline commands waiting, and 屏幕不跟随 when it holds no certificate to sign with), a toast
 * when they were synced, and the Chinese dialog asking
 * which state wins when the hub refused the replay; and, while the hub cannot reach the other
 * hubs as it should (its ticks say `peers`), a badge saying so. Renders nothing while all is well.
 */
export function FallbackConsoleBar({ timerId, store }: { timerId: string; store: TimerStore }) {
  const authority = useFallbackAuthority(timerId, store);
  const phase = useFallbackAuthorityState(authority, (s) => s.phase);
  const count = useFallbackAuthorityState(authority, (s) => s.log?.commands.length ?? 0);
  const conflict = useFallbackAuthorityState(authority, (s) => s.conflict);
  const outcome = useFallbackAuthorityState(authority, (s) => s.outcome);
  const signed = useStore(authority.signing, (s) => s.status === 'ready');
  const apart = peersBadge(useTimerStore(store, (s) => (s.status === 'online' ? s.peers : null)));
  const toldSeq = useRef(outcome?.seq ?? 0);
  // Escape closes a native <dialog>; the choice is required, so a dismissed dialog comes back.
  const [shown, setShown] = useState(0);

  useEffect(() => {
    if (!outcome || outcome.seq <= toldSeq.current) return;
    toldSeq.current = outcome.seq;
    const text = outcome.kind === 'synced' ? t.synced : outcome.kind === 'forced' ? t.forced : t.keptServer;
    if (outcome.kind === 'kept-server') toast.info(text);
    else toast.success(text);
  }, [outcome]);

  return (
    <>
      {apart ? (
        <span
          className="fallback-badge"
          data-phase="peers"
          data-peers={apart.kind}
          data-testid="peers-badge"
          role="status"
          title={apart.hint}
        >
          {apart.text}
        </span>
      ) : null}
      {phase !== 'idle' ? (
        <span
          className="fallback-badge"
          data-phase={phase}
          data-signed={signed}
          data-testid="fallback-authority"
          role="status"
          title={phase === 'authority' ? (signed ? t.hint.authority : t.hint.unsigned) : undefined}
        >
          {t.badge[phase]}
          {phase === 'authority' && !signed ? (
            <span className="fallback-badge__count">{t.unsigned}</span>
          ) : null}
          {count > 0 ? <span className="fallback-badge__count">{format(t.pending, { count })}</span> : null}
        </span>
      ) : null}
      <Dialog
        key={shown}
        open={phase === 'conflict'}
        title={t.conflict.title}
        tone="warning"
        onClose={() => {
          if (authority.state.getState().phase === 'conflict') setShown((n) => n + 1);
        }}
        footer={
          <>
            <button
              type="button"
              className="btn btn--secondary"
              data-testid="fallback-keep-server"
              title={t.conflict.keepServerHint}
              onClick={() => authority.choose('server')}
            >
              {t.conflict.keepServer}
            </button>
            <button
              type="button"
              className="btn btn--primary"
              data-testid="fallback-keep-local"
              title={t.conflict.keepLocalHint}
              onClick={() => authority.choose('local')}
            >
              {t.conflict.keepLocal}
            </button>
          </>
        }
      >
        <p>{format(t.conflict.body, { count })}</p>
        <ul className="fallback-choices">
          <li>
            <strong>{t.conflict.keepServer}</strong>：{t.conflict.keepServerHint}
          </li>
          <li>
            <strong>{t.conflict.keepLocal}</strong>：{t.conflict.keepLocalHint}
          </li>
        </ul>
        {conflict ? (
          <p className="fallback-reason">{format(t.conflict.reason, { message: conflict })}</p>
        ) : null}
      </Dialog>
    </>
  );
}
