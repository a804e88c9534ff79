/** An answer the API gives on purpose: `{status_code, detail, ...extra}` with the same HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

export function errorBody(
  statusCode: number,
  detail: string,
): { status_code: number; detail: string } {
  return { status_code: statusCode, detail };
}
