import { useEffect, useId, useState } from 'react';
import { DURATION_HINT } from '../../../lib/typed-duration';
import { mmss, parseDuration } from '../time-text';
import { useFieldError } from './field-errors';

/**
 * A duration typed as `m:ss`, 90, １:３０ or 3分30秒 (see `parseTypedDuration`); commits on blur/Enter when valid. Otherwise it keeps the typed
 * text, says why beside the field, and reports itself to the editor, which then refuses to save.
 * `field` is what the user calls it (第 2 环节 · 时长); `allowZero` false refuses 0:00.
 */
export function DurationInput({
  valueMs,
  onChange,
  label,
  field,
  allowZero = true,
  disabled,
}: {
  valueMs: number;
  onChange: (ms: number) => void;
  label: string;
  field?: string;
  allowZero?: boolean;
  disabled?: boolean;
}) {
  const [text, setText] = useState(mmss(valueMs));
  const [reason, setReason] = useState<string | null>(null);
  const report = useFieldError(field ?? label);
  const errorId = useId();
  useEffect(() => {
    setText(mmss(valueMs));
    setReason(null);
    report(null);
  }, [valueMs, report]);
  const commit = () => {
    const parsed = parseDuration(text, { allowZero });
    if (!parsed.ok) {
      setReason(parsed.reason);
      report(parsed.reason);
      return;
    }
    setReason(null);
    report(null);
    if (parsed.ms !== valueMs) onChange(parsed.ms);
    else setText(mmss(valueMs));
  };
  return (
    <span className="fe-duration-wrap">
      <input
        className="input fe-duration"
        inputMode="numeric"
        aria-label={label}
        aria-invalid={reason !== null}
        aria-describedby={reason ? errorId : undefined}
        title={DURATION_HINT}
        value={text}
        disabled={disabled}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
      />
      {reason ? (
        <span className="fe-field-error" id={errorId} role="alert" data-testid="field-error">
          {reason}
        </span>
      ) : null}
    </span>
  );
}
