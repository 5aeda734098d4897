import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

/**
 * The record a page shows, named for its last breadcrumb (IP-2026-0007 ポテトヒーロー): the page
 * sets it once it has read the record; the breadcrumb adds it after the screen's own title.
 */
const RecordCrumbContext = createContext<{ label: string | null; set: (label: string | null) => void }>({
  label: null,
  set: () => undefined,
});

export function RecordCrumbProvider({ children }: { children: ReactNode }) {
  const [label, set] = useState<string | null>(null);
  return <RecordCrumbContext.Provider value={{ label, set }}>{children}</RecordCrumbContext.Provider>;
}

export function useRecordCrumbLabel(): string | null {
  return useContext(RecordCrumbContext).label;
}

/** Names the shown record in the breadcrumb while the page is open. */
export function useRecordCrumb(label: string | null | undefined): void {
  const { set } = useContext(RecordCrumbContext);
  useEffect(() => {
    set(label || null);
    return () => set(null);
  }, [label, set]);
}
