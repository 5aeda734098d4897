/** A person or an organisation in a list cell: the name, and the e-mail address below it in grey. */
export function NameAndEmail({ name, email, title }: { name: string; email?: string | null; title?: string }) {
  return (
    <div title={title}>
      <div>{name}</div>
      {email && <div className="text-muted small">{email}</div>}
    </div>
  );
}
