import net from 'node:net';

/** A value the schema refuses; the message follows the variable's name in the boot error. */
export class InvalidValue extends Error {}

export type Parser<T> = (raw: string) => T;

export const text: Parser<string> = (raw) => raw;

export function secret(minLength: number): Parser<string> {
  return (raw) => {
    if (raw.length < minLength) throw new InvalidValue(`must be at least ${minLength} characters`);
    return raw;
  };
}

/** Exactly `true` or `false`: a typo such as `ture` is an error, never a silent false. */
export const bool: Parser<boolean> = (raw) => {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw new InvalidValue(`must be true or false, got "${raw}"`);
};

export function int({ min, max }: { min: number; max?: number }): Parser<number> {
  return (raw) => {
    const value = /^-?\d+$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(value)) {
      throw new InvalidValue(`must be a whole number, got "${raw}"`);
    }
    if (value < min) throw new InvalidValue(`must be at least ${min}, got ${value}`);
    if (max !== undefined && value > max) {
      throw new InvalidValue(`must be at most ${max}, got ${value}`);
    }
    return value;
  };
}

export function oneOf<const T extends string>(...values: T[]): Parser<T> {
  return (raw) => {
    if ((values as string[]).includes(raw)) return raw as T;
    throw new InvalidValue(`must be one of ${values.join(', ')}, got "${raw}"`);
  };
}

/** An http(s) URL without a trailing slash. */
export const url: Parser<string> = (raw) => {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new InvalidValue(`must be a URL, got "${raw}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new InvalidValue(`must be an http or https URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
};

export const email: Parser<string> = (raw) => {
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(raw)) {
    throw new InvalidValue(`must be an e-mail address, got "${raw}"`);
  }
  return raw;
};

export const list: Parser<string[]> = (raw) =>
  raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

export interface RateLimit {
  limit: number;
  windowMs: number;
}

/** `<count>/<seconds>`, e.g. `10/60`. */
export const rateLimit: Parser<RateLimit> = (raw) => {
  const match = /^(\d+)\/(\d+)$/.exec(raw);
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
    throw new InvalidValue(`must look like <count>/<seconds>, got "${raw}"`);
  }
  return { limit: Number(match[1]), windowMs: Number(match[2]) * 1000 };
};

/** Fastify's `trustProxy`: whether to trust, how many hops, or which proxies. */
export type TrustProxy = boolean | number | string[];

const proxyNames = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrCidr(entry: string) {
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = /^\d+$/.test(prefix) ? Number(prefix) : NaN;
  return bits >= 0 && bits <= (family === 4 ? 32 : 128);
}

/**
 * `true` trusts every proxy, `false` none, a number that many hops from the server, otherwise a
 * comma-separated list of proxy addresses, CIDR ranges or loopback, linklocal, uniquelocal.
 */
export const trustProxy: Parser<TrustProxy> = (raw) => {
  if (raw === 'true' || raw === 'false') return raw === 'true';
  if (/^\d+$/.test(raw)) return int({ min: 0, max: 64 })(raw);
  const entries = list(raw);
  const bad = entries.filter((entry) => !proxyNames.includes(entry) && !isAddressOrCidr(entry));
  if (entries.length === 0 || bad.length > 0) {
    throw new InvalidValue(
      `must be true, false, a hop count or addresses/CIDRs separated by commas, got "${raw}"`,
    );
  }
  return entries;
};
