/** An admin log entry in words, as the server wrote it for the reader (lib/server/audit/readable.ts). */
export interface ReadableEntry {
  action: string;
  summary: string;
  changes: { field: string; before: string; after: string }[];
}

/** The entry's sentence, then one line per change: "field: before → after". */
export function LogEntryText({ readable }: { readable: ReadableEntry }) {
  return (
    <>
      <div data-testid="log-summary">{readable.summary}</div>
      {readable.changes.length > 0 && (
        <ul className="list-unstyled mb-0 small text-muted" data-testid="log-changes">
          {readable.changes.map((change, i) => (
            <li key={i} className="text-break">
              <span className="fw-semibold">{change.field}</span>: {change.before} → {change.after}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
