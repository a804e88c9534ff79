import { useEffect, useState } from 'react';
import type { Language } from '@supersteward/contract';
import type { ValidateResponse } from '@supersteward/contract/staff';
import { useStaffApi } from '../AdminServices';
import { errorDetail } from '../api/staffRequest';

export type Validation =
  | { state: 'idle' }
  | { state: 'checking'; last: ValidateResponse | null }
  | { state: 'done'; result: ValidateResponse };

/** Pause after the last keystroke before the server reads the article again. */
const SETTLE_MS = 400;

/** The article read by the server's loader (its errors, its sections) as it is typed. */
export function useValidation(id: string, language: Language, markdown: string | null): Validation {
  const staff = useStaffApi();
  const [validation, setValidation] = useState<Validation>({ state: 'idle' });

  useEffect(() => {
    if (markdown === null) {
      setValidation({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    setValidation((v) => ({
      state: 'checking',
      last: v.state === 'done' ? v.result : v.state === 'checking' ? v.last : null,
    }));
    const timer = setTimeout(() => {
      if (!markdown.trim()) {
        setValidation({
          state: 'done',
          result: { ok: false, error: `${language}/${id}.md is empty`, article: null },
        });
        return;
      }
      staff
        .validate({ body: { id, language, markdown }, signal: controller.signal })
        .then((result) => setValidation({ state: 'done', result }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setValidation({
            state: 'done',
            result: { ok: false, error: errorDetail(error) ?? String(error), article: null },
          });
        });
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [staff, id, language, markdown]);

  return validation;
}
