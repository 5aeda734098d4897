/** The header row of a plain table (a statement with totals rows): the first `start` labels read from the left, the figures after them from the right. */
export function HeadRow({ labels, start = 1 }: { labels: readonly string[]; start?: number }) {
  return (
    <tr>
      {labels.map((label, i) => (
        <th key={label} scope="col" className={i >= start ? 'text-end' : undefined}>
          {label}
        </th>
      ))}
    </tr>
  );
}
