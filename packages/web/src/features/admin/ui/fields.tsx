import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';

const INPUT =
  'focus-ring w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base font-normal text-slate-900 aria-invalid:border-red-600 sm:text-sm';

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
}

/** What the control inside a Field carries: its id and the ARIA that ties it to hint and error. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A label over one control, with an optional hint and error, both read by screen readers. */
function Field({
  label,
  hint,
  error,
  control,
}: FieldProps & { control: (props: ControlProps) => ReactNode }) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {control({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': described || undefined,
      })}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input with an optional hint and error. */
export function TextField({
  label,
  hint,
  error,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      control={(aria) => <input {...aria} className={INPUT} {...input} />}
    />
  );
}

/** A labelled text area with an optional hint and error. */
export function TextAreaField({
  label,
  hint,
  error,
  className = '',
  ...textarea
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      control={(aria) => <textarea {...aria} className={`${INPUT} ${className}`} {...textarea} />}
    />
  );
}

export const BUTTON_PRIMARY =
  'focus-ring inline-flex items-center justify-center gap-2 rounded-xl bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60';
export const BUTTON_SECONDARY =
  'focus-ring inline-flex items-center justify-center gap-2 rounded-xl border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60';
export const BUTTON_DANGER =
  'focus-ring inline-flex items-center justify-center gap-2 rounded-xl bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60';
export const CARD = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5';
