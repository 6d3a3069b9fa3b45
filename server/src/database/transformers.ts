import type { ValueTransformer } from 'typeorm';

/** bigint columns come back from pg as strings; every amount we keep fits a JS number exactly. */
export const bigintNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};
