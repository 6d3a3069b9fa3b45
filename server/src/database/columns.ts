import type { ValueTransformer } from 'typeorm';

/**
 * `bigint` columns (paise, numeric ids) read as numbers: PostgreSQL hands them over as text, and
 * every amount the store keeps is far below 2^53.
 */
export const bigintNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/** `bigint[]` columns read as arrays of numbers. */
export const bigintNumbers: ValueTransformer = {
  to: (value: number[] | null | undefined) => value,
  from: (value: string[] | null) => (value === null ? null : value.map(Number)),
};
