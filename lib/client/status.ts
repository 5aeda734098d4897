/** Compares dotted versions part by part, so 0.10 counts as above 0.2. */
export function versionAbove(version: string, threshold: string): boolean {
  const a = version.trim().replace(/^v/, '').split('.').map(Number);
  const b = threshold.split('.').map(Number);
  if (a.length === 0 || a.some((n) => !Number.isFinite(n))) return false;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x > y;
  }
  return false;
}

export const STATUS_VERSION_THRESHOLD = '0.2';

/** Green when the status gives a label and a version above 0.2 (SPEC §4). */
export function isConnected(status: { label?: unknown; version?: unknown } | null | undefined): boolean {
  if (!status || typeof status.label !== 'string' || !status.label) return false;
  if (typeof status.version !== 'string' && typeof status.version !== 'number') return false;
  return versionAbove(String(status.version), STATUS_VERSION_THRESHOLD);
}
