import { useId, type ReactNode } from 'react';
import { CARD } from './fields';

/** A titled card; its heading names the region for screen readers. */
export function Section({
  title,
  actions,
  children,
  className = '',
  testId,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`${CARD} ${className}`} data-testid={testId}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
