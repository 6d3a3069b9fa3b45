import EditIcon from '@mui/icons-material/Edit';
import { Button, Stack } from '@mui/material';
import { useState, type ReactNode } from 'react';
import {
  DeleteWithConfirmButton,
  useNotify,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { serverMessage } from '@/adminApi';

interface RowActionsProps<T extends RaRecord> {
  /** The edit modal for the row's record. */
  editDialog: (record: T, close: () => void) => ReactNode;
  deleteConfirm: string;
  deleteSuccess?: string;
  deleteFailure: string;
  /** Edit above Delete, for a narrow column. */
  stacked?: boolean;
}

/** Edit (a modal) and Delete (confirmed, pessimistic) for one row of a catalogue table. */
export const RowActions = <T extends RaRecord>({
  editDialog,
  deleteConfirm,
  deleteSuccess = 'ra.notification.deleted',
  deleteFailure,
  stacked = false,
}: RowActionsProps<T>) => {
  const record = useRecordContext<T>();
  const translate = useTranslate();
  const notify = useNotify();
  const [editing, setEditing] = useState(false);
  if (!record) return null;
  return (
    <Stack
      direction={stacked ? 'column' : 'row'}
      spacing={stacked ? 0 : 1}
      sx={{ alignItems: 'flex-start' }}
    >
      <Button size="small" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
        {translate('ra.action.edit')}
      </Button>
      {editing && editDialog(record, () => setEditing(false))}
      <DeleteWithConfirmButton
        mutationMode="pessimistic"
        redirect={false}
        confirmContent={deleteConfirm}
        mutationOptions={{
          onSuccess: () =>
            notify(deleteSuccess, { type: 'success', messageArgs: { smart_count: 1 } }),
          onError: (error) => {
            const message = serverMessage(error) ?? deleteFailure;
            notify('app.error.with_message', {
              type: 'error',
              messageArgs: { message: translate(message, { _: message }) },
            });
          },
        }}
      />
    </Stack>
  );
};
