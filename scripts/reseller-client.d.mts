/** Types of `reseller-client.mjs`, for the TypeScript tests and benches that use it. */
export interface SigningInput {
  keyId: string;
  secret: string;
  method: string;
  pathWithQuery: string;
  body?: string | Buffer;
  timestamp?: number | string;
}

export function signRequest(input: SigningInput): {
  'X-Key-Id': string;
  'X-Timestamp': string;
  'X-Signature': string;
};

export interface ResellerAnswer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface ResellerClient {
  request(
    method: string,
    pathWithQuery: string,
    payload?: unknown,
    contentType?: string,
  ): Promise<ResellerAnswer>;
  get(pathWithQuery: string): Promise<ResellerAnswer>;
  post(pathWithQuery: string, payload?: unknown, contentType?: string): Promise<ResellerAnswer>;
}

export function resellerClient(options: {
  baseUrl: string;
  keyId: string;
  secret: string;
  now?: () => number;
  fetch?: typeof fetch;
}): ResellerClient;
