import { useEffect, useState } from 'react';
import { messages } from '../../../i18n';
import { mmss, parseMmss } from '../time-text';

/** A duration typed as `m:ss`; commits on blur/Enter when valid, marks itself invalid otherwise. */
export function DurationInput({ valueMs, onChange, label, disabled }: { valueMs: number; onChange: (ms: number) => void; label: string; disabled?: boolean }) {
  const [text, setText] = useState(mmss(valueMs));
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    setText(mmss(valueMs));
    setInvalid(false);
  }, [valueMs]);
  const commit = () => {
    const parsed = parseMmss(text);
    if (parsed === null) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    if (parsed !== valueMs) onChange(parsed);
  };
  return (
    <input
      className="input fe-duration"
      inputMode="numeric"
      aria-label={label}
      aria-invalid={invalid}
      title={messages.manage.timing.durationHint}
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
  );
}
