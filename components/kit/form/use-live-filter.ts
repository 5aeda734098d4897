import { useEffect, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * A filter bar that applies itself, with no Apply button: each change is checked by the form's
 * schema and, once it passes, becomes the filter the list reads. `delay` (ms) lets typing settle
 * so a search box asks once; until a change passes, the last accepted filter stays.
 */
export function useLiveFilter<T extends FieldValues>(form: UseFormReturn<T>, delay = 0): T {
  const [applied, setApplied] = useState<T>(() => ({ ...form.getValues() }));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = form.watch(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        void form.trigger().then((ok) => {
          if (ok) setApplied({ ...form.getValues() });
        });
      }, delay);
    });
    return () => {
      clearTimeout(timer);
      subscription.unsubscribe();
    };
  }, [form, delay]);
  return applied;
}
