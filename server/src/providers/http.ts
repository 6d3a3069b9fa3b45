import { fetchText } from './answer-deadline.js';

/** A provider answered with something other than the success it promises. */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    readonly status?: number,
  ) {
    super(`${provider}: ${message}`);
  }
}

/** fetch with the provider timeout; the body is parsed as JSON when it is JSON. */
export async function requestJson<T>(
  provider: string,
  url: string,
  init: RequestInit & { timeoutMs: number },
): Promise<{ status: number; body: T }> {
  const { timeoutMs, ...rest } = init;
  let response: Response;
  let text: string;
  try {
    ({ response, text } = await fetchText(url, rest, timeoutMs));
  } catch (error) {
    throw new ProviderError(provider, `request failed: ${(error as Error).message}`);
  }
  try {
    return { status: response.status, body: JSON.parse(text) as T };
  } catch {
    throw new ProviderError(
      provider,
      `answered with non-JSON (HTTP ${response.status})`,
      response.status,
    );
  }
}
