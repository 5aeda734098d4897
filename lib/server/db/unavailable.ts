const CODES = new Set([
  // Connection-level failures of the driver.
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  // Class 57 (operator intervention) and 08 (connection exception) of PostgreSQL.
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300',
]);

const MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /terminating connection/i,
  /the database system is (starting up|shutting down)/i,
];

/**
 * Whether an error means the database cannot be reached right now (restart, failover, network),
 * as opposed to a fault in the request or the code. Such requests get 503 and Retry-After, and the
 * pool reconnects on the next one; drizzle wraps driver errors, so causes are followed.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && CODES.has(code)) return true;
    if (typeof message === 'string' && MESSAGES.some((m) => m.test(message))) return true;
    e = cause;
  }
  return false;
}

/** The SQLSTATE of a database error (drizzle wraps the driver's error; causes are followed). */
export function sqlStateOf(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = cause;
  }
  return undefined;
}
