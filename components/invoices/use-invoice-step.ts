import { useState } from 'react';
import { useSession } from 'next-auth/react';
import { useDialogs } from '@/components/kit/dialogs/DialogProvider';
import type { useFlash } from '@/components/kit/dialogs/use-flash';
import { takeStep } from '@/lib/client/flow';
import type { InvoiceRecord } from './invoice-api';

/** What a step says: the confirmation's title and question, then what it came to. */
export interface StepTexts {
  title: string;
  confirm: string;
  done: string;
  failed: string;
}

/**
 * A flow step on one invoice from its row (submit a draft, mark an approved one paid): confirmed
 * first, its row busy meanwhile, the outcome flashed, the list read again.
 */
export function useInvoiceStep(flash: ReturnType<typeof useFlash>, reload: () => unknown) {
  const { data: session } = useSession();
  const dialogs = useDialogs();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (invoice: InvoiceRecord, action: 'submit' | 'mark_paid', texts: StepTexts) => {
    if (!(await dialogs.confirm(texts.title, texts.confirm))) return;
    setBusy(invoice.key);
    const answer = await takeStep('Invoice', invoice.key, action, undefined, session?.accessToken);
    setBusy(null);
    if (answer.status === 0) flash.done(texts.done);
    else flash.failed(answer.message ?? Object.values(answer.errors)[0] ?? texts.failed);
    await reload();
  };
  return { busy, run };
}
