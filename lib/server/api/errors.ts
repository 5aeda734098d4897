/** Typed failures a service may throw; one mapper turns them into the SPEC §8 envelope. */
export type AppErrorCode =
  | 'invalid_session'
  | 'invalid_token'
  | 'forbidden'
  | 'not_found'
  | 'validation'
  | 'batch_validation'
  | 'conflict'
  | 'create_failed'
  | 'missing_input'
  | 'method_not_allowed'
  | 'too_many_requests'
  | 'unavailable';

const mapping: Record<AppErrorCode, { status: number; http: number }> = {
  invalid_session: { status: 8, http: 401 },
  invalid_token: { status: 7, http: 401 },
  forbidden: { status: 3, http: 403 },
  not_found: { status: 2, http: 404 },
  validation: { status: 5, http: 400 },
  batch_validation: { status: 15, http: 400 },
  conflict: { status: 5, http: 409 },
  create_failed: { status: 4, http: 400 },
  missing_input: { status: -1, http: 400 },
  method_not_allowed: { status: 6, http: 405 },
  too_many_requests: { status: 9, http: 429 },
  unavailable: { status: 10, http: 503 },
};

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return mapping[this.code].status;
  }

  get httpStatus(): number {
    return mapping[this.code].http;
  }
}

export interface Envelope<T = unknown> {
  status: number;
  data: T;
}

export function errorEnvelope(err: AppError): Envelope {
  return { status: err.status, data: err.data ?? err.message };
}
