import { fetchText } from './answer-deadline.js';
import { ProviderError } from './http.js';

/**
 * The three ways a supplier call can fail, as the delivery rules need to tell them apart.
 * Each is a ProviderError, so code that only cares that a provider failed can treat them alike.
 */

/** The supplier answered and said no (a body status other than success, or an error code). */
export class SupplierRefusal extends ProviderError {
  constructor(
    provider: string,
    readonly endpoint: string,
    /** The supplier's own code: Smile.one's body `status`, MooGold's `err_code`. */
    readonly code: string,
    /** The supplier's text, verbatim. */
    readonly reason: string,
    httpStatus?: number,
  ) {
    super(provider, `${endpoint} refused: ${code} ${reason}`, httpStatus);
  }
}

/** The request did not reach the supplier, or the supplier said it did not process it (5xx). */
export class SupplierUnavailable extends ProviderError {
  readonly retryable = true;
  constructor(
    provider: string,
    readonly endpoint: string,
    detail: string,
    httpStatus?: number,
  ) {
    super(provider, `${endpoint} unavailable: ${detail}`, httpStatus);
  }
}

/**
 * Nothing was sent: this process's clock is too far from the database's to sign a request the
 * supplier would accept (RELIABILITY rule 14).
 */
export class ClockSkewed extends SupplierUnavailable {
  constructor(provider: string, endpoint: string, skewMs: number) {
    super(provider, endpoint, `not signed: this clock is ${Math.round(skewMs / 1000)} s off`);
  }
}

/**
 * The request was sent and no answer can be read: a timeout, a dropped connection, an HTML
 * page. The supplier may or may not have acted on it.
 */
export class SupplierUnknownOutcome extends ProviderError {
  constructor(
    provider: string,
    readonly endpoint: string,
    detail: string,
    httpStatus?: number,
  ) {
    super(provider, `${endpoint} outcome unknown: ${detail}`, httpStatus);
  }
}

/** Errors thrown while the connection was still being opened: nothing was sent. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export interface SupplierAnswer {
  status: number;
  /** The parsed JSON body; undefined when the body was not JSON. */
  json: unknown;
  contentType: string;
}

/**
 * One POST with the provider timeout. Failures to connect are `SupplierUnavailable`; a timeout
 * or a connection lost after sending is `SupplierUnknownOutcome`. The body is returned parsed
 * when it is JSON, so each adapter decides what a non-JSON answer means.
 */
export async function supplierPost(
  provider: string,
  endpoint: string,
  url: string,
  init: { headers: Record<string, string>; body: string; timeoutMs: number },
): Promise<SupplierAnswer> {
  let response: Response;
  let text: string;
  try {
    ({ response, text } = await fetchText(
      url,
      { method: 'POST', headers: init.headers, body: init.body },
      init.timeoutMs,
    ));
  } catch (error) {
    const code = causeCode(error);
    if (code && NOT_SENT.has(code)) {
      throw new SupplierUnavailable(provider, endpoint, `could not connect (${code})`);
    }
    const name = (error as Error).name;
    const detail =
      name === 'TimeoutError'
        ? `no answer within ${init.timeoutMs} ms`
        : `connection lost (${code ?? name})`;
    throw new SupplierUnknownOutcome(provider, endpoint, detail);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json, contentType: response.headers.get('content-type') ?? '' };
}
