import { LicenseApprovalView } from '@/components/flow/approval/ApprovalQueueView';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { HolderContractsPanel } from './HolderContractsPanel';

/** holder/approve/license: the approval queue, then the contracts of approved licenses. */
export function LicenseApprovalWithContracts(props: ScreenViewProps) {
  return (
    <>
      <LicenseApprovalView {...props} />
      <HolderContractsPanel />
    </>
  );
}
