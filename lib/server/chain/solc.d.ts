/** The part of the `solc` npm package (solc-js) the wrapper compiler uses; the package ships no types. */
declare module 'solc' {
  interface ImportResult {
    contents?: string;
    error?: string;
  }
  interface Solc {
    version(): string;
    compile(input: string, callbacks?: { import?: (path: string) => ImportResult }): string;
  }
  const solc: Solc;
  export default solc;
}
