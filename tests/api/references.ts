let drawn = 0;

/**
 * A reference for a record a test writes straight into its table; records made through the
 * services draw theirs from lib/server/refs. `FX` keeps them apart from every real format.
 */
export function fixtureReference(prefix: string): string {
  drawn += 1;
  return `${prefix}-FX-${process.pid}-${drawn}`;
}
