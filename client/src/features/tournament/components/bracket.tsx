import { useSyncExternalStore, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { format } from '../../../i18n';
import { tournament as tournamentText } from '../../../i18n/zh-CN/tournament';
import {
  championOf,
  DEFAULT_BRACKET_METRICS,
  layoutBracket,
  type BracketMatch,
  type BracketRound,
  type BracketSlot,
} from '../bracket-layout';

const t = tournamentText.bracket;
/** Smaller boxes on a phone, so two rounds fit before it scrolls sideways. */
const PHONE_METRICS = {
  ...DEFAULT_BRACKET_METRICS,
  matchWidth: 150,
  matchHeight: 64,
  matchGap: 14,
  columnGap: 28,
};
const PHONE_QUERY = '(max-width: 640px)';

function usePhone(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const query = window.matchMedia(PHONE_QUERY);
      query.addEventListener('change', notify);
      return () => query.removeEventListener('change', notify);
    },
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}

/**
 * The knockout bracket drawn as a bracket: one column per round, match boxes centred on the
 * matches that feed them, elbow lines between (highlighted once the winner has advanced), byes
 * shown as 轮空, and the champion at the end. Scrolls sideways on a phone.
 */
export function Bracket({ rounds }: { rounds: BracketRound[] }) {
  const M = usePhone() ? PHONE_METRICS : DEFAULT_BRACKET_METRICS;
  const geometry = layoutBracket(rounds, M);
  const champion = championOf(rounds);
  const championX = geometry.width + M.columnGap;
  const final = geometry.matches.at(-1);
  const width = champion ? championX + M.matchWidth * 0.8 : geometry.width;
  return (
    <div className="tm-bracket" data-testid="bracket" role="group" aria-label={t.label}>
      <div className="tm-bracket__canvas" style={{ width, height: geometry.height }}>
        {geometry.columns.map((column) => (
          <h3 key={column.x} className="tm-bracket__round" style={{ left: column.x, width: M.matchWidth }}>
            {column.name}
          </h3>
        ))}
        <svg className="tm-bracket__lines" width={width} height={geometry.height} aria-hidden="true">
          {geometry.connectors.map((line) => (
            <path key={`${line.fromId}-${line.toId}`} d={line.d} data-decided={line.decided} />
          ))}
          {champion && final && (
            <path
              d={`M ${final.x + M.matchWidth} ${final.y + M.matchHeight / 2} H ${championX}`}
              data-decided="true"
            />
          )}
        </svg>
        {geometry.matches.map((box) => (
          <MatchBox
            key={box.match.id}
            match={box.match}
            style={{ left: box.x, top: box.y, width: M.matchWidth, height: M.matchHeight }}
          />
        ))}
        {champion && final && (
          <div
            className="tm-bracket__champion"
            style={{ left: championX, top: final.y, height: M.matchHeight }}
            data-testid="bracket-champion"
          >
            <span className="tm-bracket__champion-label">{t.champion}</span>
            <strong>{champion}</strong>
          </div>
        )}
      </div>
    </div>
  );
}

function MatchBox({ match, style }: { match: BracketMatch; style: CSSProperties }) {
  const bye = match.top.bye || match.bottom.bye;
  const body = (
    <>
      <Slot slot={match.top} />
      <Slot slot={match.bottom} />
    </>
  );
  const className = 'tm-bracket__match';
  const data = {
    'data-status': match.status,
    'data-bye': bye ? 'true' : 'false',
    'data-testid': 'bracket-match',
  };
  return match.href && !bye ? (
    <Link className={className} to={match.href} style={style} {...data}>
      {body}
    </Link>
  ) : (
    <div className={className} style={style} {...data}>
      {body}
    </div>
  );
}

function Slot({ slot }: { slot: BracketSlot }) {
  const name = slot.bye ? t.bye : (slot.name ?? t.tbd);
  return (
    <div
      className="tm-bracket__slot"
      data-winner={slot.winner ? 'true' : 'false'}
      data-empty={slot.name === null ? 'true' : 'false'}
    >
      {slot.seed ? (
        <span className="tm-bracket__seed" title={format(t.seed, { n: slot.seed })}>
          {slot.seed}
        </span>
      ) : (
        <span className="tm-bracket__seed" aria-hidden="true" />
      )}
      <span className="tm-bracket__name">{name}</span>
      {slot.score !== null && slot.score !== undefined && (
        <span className="tm-bracket__score">{slot.score}</span>
      )}
    </div>
  );
}
