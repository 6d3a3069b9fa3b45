import { HttpStatus } from '@nestjs/common';
import { AppError } from '../../../common/errors/app-error.js';

/** Codes of bulk orders beside the reseller API's own (`reseller-errors.ts`). */
export enum BatchErrorCode {
  BatchNotFound = 'BATCH_NOT_FOUND',
  KeyStopped = 'KEY_STOPPED',
}

export const BatchMessages = {
  batchNotFound: 'No batch has this id.',
  batchReferenceReused: 'This batch reference was already used for a different file.',
  duplicateInFile: (row: number) => `This reference is already in row ${row} of this file.`,
  referenceUsed: 'This reference was already used for an order.',
  columns: 'A row has four fields: reference,item_id,input1,input2.',
  chooseKey: 'Choose one of your API keys.',
  keyStopped: 'The key was revoked or stopped before this row was placed.',
  notEnoughForBatch: (total: number, balance: number) =>
    `Not enough balance for this batch: its rows cost ${total} paise, the balance is ${balance} paise.`,
  reference: 'reference is 1-64 characters of A-Z, a-z, 0-9, _ and -.',
  batchReference: 'batch_reference is 1-64 characters of A-Z, a-z, 0-9, _ and -.',
} as const;

export const batchNotFound = () =>
  new AppError(BatchErrorCode.BatchNotFound, BatchMessages.batchNotFound, HttpStatus.NOT_FOUND);
