/**
 * The livestream overlay: what an OBS browser source (or any compositor) lays over a stream of a
 * 辩论 — a transparent page with the clock in a corner, as a lower third, or as a full clock with
 * speaker and topic. The clocks are the display's own (`ClockFace`, `ClockModel`): the same
 * digits, phases and colours as the projector, rendered from absolute server time.
 */
import { currentStage, type OverlayAddress } from '@bianshi/shared';
import type { CSSProperties } from 'react';
import { useStore } from 'zustand';
import { ClockFace } from '../../components/timer-display';
import { sideLabel, speakerLine, speakingSide, teamName } from '../../components/timer-display/stage-info';
import { overlay as overlayText } from '../../i18n/zh-CN/overlay';
import { useLobbyWatch } from '../../lib/realtime/lobby';
import { skinCssVars } from '../../lib/display-settings';
import {
  useClockModel,
  useDisplaySettings,
  useTimerStore,
  useTimerWatch,
  type TimerStore,
} from '../../lib/realtime/timer';
import { useFrameClock, type ClockModel } from '../../lib/clock';
// The display's clock styles: imported here too, since only ClockFace (not the display itself) is used.
import '../../components/timer-display/timer-display.css';
import './overlay.css';

const t = overlayText;

/** The overlay of one timer (`/timer/:id/overlay`). */
export function TimerOverlay({ address }: { address: OverlayAddress }) {
  const store = useTimerWatch({
    timerId: address.id,
    role: 'display',
    name: t.title,
    device: 'desktop',
    fallback: false,
    ...(address.key ? { viewKey: address.key } : {}),
  });
  return <OverlayFrame store={store} address={address} />;
}

/** The overlay of a lobby's featured match (`/lobby/:id/overlay`); nothing while none is featured. */
export function LobbyOverlay({ address }: { address: OverlayAddress }) {
  const lobby = useLobbyWatch({
    lobbyId: address.id,
    role: 'display',
    name: t.title,
    device: 'desktop',
    route: `/lobby/${address.id}/overlay`,
    token: address.token,
    enabled: true,
  });
  const featuredId = useStore(lobby, (s) => s.lobby?.featuredTimerId ?? null);
  const store = useStore(lobby, (s) => (featuredId ? (s.matches[featuredId] ?? null) : null));
  return store ? (
    <OverlayFrame store={store} address={address} />
  ) : (
    <div className="ov" data-layout={address.layout} data-testid="overlay" />
  );
}

/** The frame every layout shares: the skin's colours, the size factor and the panel's opacity. */
function OverlayFrame({ store, address }: { store: TimerStore; address: OverlayAddress }) {
  const settings = useDisplaySettings(store);
  const model = useClockModel(store, { tenths: settings.tenths });
  const style = {
    ...skinCssVars(settings.skin),
    '--ov-scale': String(address.scale),
    '--ov-panel': String(address.panel),
  } as CSSProperties;
  return (
    <div
      className="ov"
      data-layout={address.layout}
      data-corner={address.corner}
      style={style}
      data-testid="overlay"
    >
      {model ? <OverlayBody store={store} model={model} layout={address.layout} /> : null}
    </div>
  );
}

function OverlayBody({
  store,
  model,
  layout,
}: {
  store: TimerStore;
  model: ClockModel;
  layout: OverlayAddress['layout'];
}) {
  const clock = useTimerStore(store, (s) => s.clock);
  const state = useTimerStore(store, (s) => s.state);
  const settings = useDisplaySettings(store);
  const now = useFrameClock(model, clock);
  if (!state) return null;
  const projected = model.current;
  const stage = currentStage(projected);
  const readings = model.readAll(now);
  const side = speakingSide(projected, stage);
  const label = sideLabel(state, side);
  const team = teamName(settings, side);
  const speaker = speakerLine(stage, settings);
  const runningIndex = readings.findIndex((reading) => reading.running);
  const shown =
    layout === 'full'
      ? readings
      : [
          readings[
            runningIndex >= 0
              ? runningIndex
              : Math.max(
                  0,
                  readings.findIndex((reading) => reading.active),
                )
          ],
        ].filter((reading) => reading !== undefined);
  const who = (
    <p className="ov-who">
      {label && (
        <span className="td-chip" data-side={side ?? 'neutral'}>
          {label}
        </span>
      )}
      {team && <span className="ov-who__team">{team}</span>}
      {speaker && <span className="ov-who__speaker">{speaker}</span>}
    </p>
  );
  return (
    <div className="ov-panel" data-phase={shown[0]?.phase ?? 'normal'} data-status={projected.status}>
      <div className="ov-info">
        <p className="ov-stage" data-testid="overlay-stage">
          {stage.name}
        </p>
        {layout !== 'corner' && (label || team || speaker) ? who : null}
      </div>
      <div className="ov-clocks" data-count={shown.length}>
        {shown.length === 0 ? (
          <p className="ov-none">{t.noClock}</p>
        ) : (
          shown.map((reading) => (
            <div className="ov-clock" key={reading.index}>
              <ClockFace
                reading={reading}
                label={sideLabel(state, reading.side)}
                team={layout === 'full' ? teamName(settings, reading.side) : null}
                showHeader={shown.length > 1}
                highlighted={shown.length > 1 && reading.running}
              />
            </div>
          ))
        )}
      </div>
      {layout === 'full' && settings.topic ? <p className="ov-topic">{settings.topic}</p> : null}
    </div>
  );
}
