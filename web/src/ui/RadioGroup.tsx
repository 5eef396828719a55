import { useId, type ReactNode } from 'react';

/** One choice among a few, each with its own label and an optional hint. */
export function RadioGroup<T extends string>({
  legend,
  options,
  value,
  onChange,
  error,
}: {
  legend: string;
  options: ReadonlyArray<{ value: T; label: string; hint?: ReactNode }>;
  value: T | undefined;
  onChange: (value: T) => void;
  error?: string;
}) {
  const name = useId();
  return (
    <fieldset className="field radio-group" aria-describedby={error ? `${name}-error` : undefined}>
      <legend>{legend}</legend>
      {options.map((option) => {
        const id = `${name}-${option.value}`;
        return (
          <div key={option.value} className="field checkbox">
            <input
              id={id}
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              aria-describedby={option.hint ? `${id}-hint` : undefined}
              onChange={() => onChange(option.value)}
            />
            <label htmlFor={id}>{option.label}</label>
            {option.hint ? (
              <span id={`${id}-hint`} className="hint">
                {option.hint}
              </span>
            ) : null}
          </div>
        );
      })}
      {error ? (
        <span id={`${name}-error`} className="field-error" role="alert">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
