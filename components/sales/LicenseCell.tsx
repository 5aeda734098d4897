import { Reference } from '@/components/refs/RecordSearch';

/** A license as people know it: its number, then the IP it licenses. */
export function LicenseCell({ reference, ip }: { reference: string | undefined; ip: string | undefined }) {
  return (
    <>
      <Reference value={reference} /> {ip ?? ''}
    </>
  );
}
