import {
  BREAK_CATEGORY_NAME_MAX,
  BREAK_CATEGORY_RULES,
  BREAK_SIZE_MAX,
  type BreakCategoryRule,
} from '@bianshi/shared';
import { tournamentBreak as text } from '../../../i18n/zh-CN/tournament-break';

/** A size as typed, or null when it is not a whole number from 1 to the largest break. */
export function parseSize(value: string): number | null {
  const size = Number(value);
  return value.trim() !== '' && Number.isInteger(size) && size >= 1 && size <= BREAK_SIZE_MAX ? size : null;
}

/** A break category's name as typed is usable (1 to BREAK_CATEGORY_NAME_MAX characters once trimmed). */
export function nameValid(value: string): boolean {
  const length = value.trim().length;
  return length >= 1 && length <= BREAK_CATEGORY_NAME_MAX;
}

export function SizeInput({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const invalid = parseSize(value) === null;
  return (
    <label className="tm-field tm-break__size">
      <span className="tm-field__label">{text.size}</span>
      <input
        className="input"
        type="number"
        inputMode="numeric"
        min={1}
        max={BREAK_SIZE_MAX}
        value={value}
        aria-invalid={invalid ? 'true' : undefined}
        onChange={(event) => onChange(event.target.value)}
        data-testid="tm-break-size"
      />
    </label>
  );
}

export function RuleSelect({
  value,
  onChange,
}: {
  value: BreakCategoryRule;
  onChange: (value: BreakCategoryRule) => void;
}) {
  return (
    <label className="tm-field tm-break__rule">
      <span className="tm-field__label">{text.rule}</span>
      <select
        className="input"
        value={value}
        title={text.ruleHelp}
        onChange={(event) => onChange(event.target.value as BreakCategoryRule)}
        data-testid="tm-break-rule"
      >
        {BREAK_CATEGORY_RULES.map((rule) => (
          <option key={rule} value={rule}>
            {text.rules[rule]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The category's name field (the implicit open category's, a new category's). */
export function NameInput({
  value,
  onChange,
  placeholder,
  invalid,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  invalid: boolean;
}) {
  return (
    <label className="tm-field tm-break__name">
      <span className="tm-field__label">{text.categoryName}</span>
      <input
        className="input"
        value={value}
        maxLength={BREAK_CATEGORY_NAME_MAX}
        placeholder={placeholder}
        aria-invalid={invalid ? 'true' : undefined}
        onChange={(event) => onChange(event.target.value)}
        data-testid="tm-break-name"
      />
    </label>
  );
}
