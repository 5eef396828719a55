import { useState, type FormEvent } from 'react';

/** A form that creates and edits the same thing: `error` is the last failed save, whose field reasons show beside the fields. */
export interface SaveFormProps<Values> {
  initial: Values;
  submitLabel: string;
  busy: boolean;
  error: unknown;
  onSubmit: (values: Values) => void;
  onCancel?: () => void;
}

/** A form's values as one object: `set` changes one of them, `submit` hands them all over. */
export function useFormValues<Values extends object>(initial: Values, onSubmit: (values: Values) => void) {
  const [values, setValues] = useState(initial);
  const set = <Key extends keyof Values>(key: Key, value: Values[Key]) => setValues((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values);
  };
  return { values, set, submit };
}
