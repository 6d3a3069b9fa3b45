import type { ApiAnswer } from '@zstore/contract/api';
import { answerOf, api } from './client';

export type BatchCheck = ApiAnswer<'/resellers/{userid}/batches/check', 'post'>;
export type BatchAnswer = ApiAnswer<'/resellers/{userid}/batches', 'post'>;
export type BatchStatus = ApiAnswer<'/resellers/{userid}/batches/{batchId}', 'get'>;

const asCsv = {
  headers: { 'Content-Type': 'text/csv' },
  bodySerializer: (body: string) => body,
};

/** Every row of the file checked, nothing placed. */
export const checkBatch = (userid: number, key: string, csv: string) =>
  answerOf<BatchCheck>(
    api.POST('/api/resellers/{userid}/batches/check', {
      params: { path: { userid }, query: { key } },
      body: csv,
      ...asCsv,
    }),
  );

/** Places the file's accepted rows in the background; the same file again is the same batch. */
export const placeBatch = (userid: number, key: string, csv: string) =>
  answerOf<BatchAnswer>(
    api.POST('/api/resellers/{userid}/batches', {
      params: { path: { userid }, query: { key } },
      body: csv,
      ...asCsv,
    }),
  );

export const batchStatus = (userid: number, key: string, batchId: string) =>
  answerOf<BatchStatus>(
    api.GET('/api/resellers/{userid}/batches/{batchId}', {
      params: { path: { userid, batchId }, query: { key } },
    }),
  );
