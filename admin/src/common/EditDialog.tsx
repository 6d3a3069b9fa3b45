import type { FieldValues } from 'react-hook-form';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Form, SaveButton, useNotify, useTranslate, useUpdate, type RaRecord } from 'react-admin';

export type FieldErrors = Record<string, string>;

interface EditDialogProps<T extends RaRecord> {
  resource: string;
  record: T;
  title: string;
  onClose: () => void;
  /** Client-side checks in the spec's order; `null` when the values are fine. */
  check?: (values: T) => FieldErrors | null;
  /** Toast shown when a check fails; the first failing message when absent. */
  invalidToast?: string;
  /** The fields the server accepts. */
  transform?: (values: T) => Partial<T>;
  successMessage: string;
  /** Text for a failed save; the server's message wins when it sent one. */
  failureMessage: (error: unknown) => string;
  children: ReactNode;
}

/** The "Edit modal" of the item, product and coupon tables; saves pessimistically. */
export const EditDialog = <T extends RaRecord>({
  resource,
  record,
  title,
  onClose,
  check,
  invalidToast,
  transform = (values) => values,
  successMessage,
  failureMessage,
  children,
}: EditDialogProps<T>) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [update] = useUpdate<T>();
  const [failure, setFailure] = useState<string | null>(null);
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));

  const submit = async (values: FieldValues) => {
    const typed = values as T;
    const errors = check?.(typed) ?? null;
    if (errors) {
      const toast = invalidToast ?? Object.values(errors)[0];
      notify(toast, { type: 'error', messageArgs: { _: toast } });
      return errors;
    }
    setFailure(null);
    try {
      await update(
        resource,
        { id: record.id, data: transform(typed), previousData: record },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      notify(successMessage, { type: 'success', messageArgs: { _: successMessage } });
      onClose();
    } catch (error) {
      const message = failureMessage(error);
      setFailure(message);
      notify(message, { type: 'error', messageArgs: { _: message } });
    }
    return undefined;
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <Form record={record} onSubmit={submit} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent dividers>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {translate('app.error.with_message', { message: translate(failure, { _: failure }) })}
            </Alert>
          )}
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <SaveButton alwaysEnable />
        </DialogActions>
      </Form>
    </Dialog>
  );
};
