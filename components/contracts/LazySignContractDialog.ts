import dynamic from 'next/dynamic';

/**
 * The signing dialog (PDF preview, signature pad, form) loads when someone starts to sign,
 * not with the license and contract lists that offer it (DESIGN §10).
 */
export const SignContractDialog = dynamic(() => import('./SignContractDialog').then((m) => m.SignContractDialog), {
  ssr: false,
});
