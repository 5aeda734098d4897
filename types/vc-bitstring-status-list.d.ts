// The package ships JavaScript only; these are the parts the credential tests (API and e2e) call.
declare module '@digitalbazaar/vc-bitstring-status-list' {
  export class BitstringStatusList {
    length: number;
    getStatus(index: number): boolean;
  }
  export function decodeList(options: { encodedList: string }): Promise<BitstringStatusList>;
}
