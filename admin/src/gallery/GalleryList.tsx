import { useEffect } from 'react';
import { Box } from '@mui/material';
import {
  DataTable,
  DeleteWithConfirmButton,
  HttpError,
  List,
  SelectInput,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { galleryTypeChoices } from '@/common/choices';
import { ErrorText } from '@/common/ListStates';
import { CopyUrlField } from '@/gallery/CopyUrlField';
import { UploadImageForm } from '@/gallery/UploadImageForm';
import type { GalleryImage } from '@/types';

const Column = DataTable.Col<GalleryImage>;

const galleryFilters = [
  <SelectInput
    key="type"
    source="type"
    choices={galleryTypeChoices}
    emptyText="app.all"
    alwaysOn
  />,
];

const Thumbnail = () => {
  const image = useRecordContext<GalleryImage>();
  if (!image) return null;
  return (
    <Box
      component="img"
      src={image.url}
      alt={image.title}
      loading="lazy"
      sx={{ width: 96, height: 56, objectFit: 'cover', borderRadius: 1, display: 'block' }}
    />
  );
};

const DeleteImageButton = () => {
  const notify = useNotify();
  const translate = useTranslate();
  return (
    <DeleteWithConfirmButton
      mutationMode="pessimistic"
      confirmTitle={translate('resources.admingallery.delete_title')}
      confirmContent="resources.admingallery.delete_confirm"
      redirect={false}
      mutationOptions={{
        onSuccess: () =>
          notify('resources.admingallery.notifications.deleted', { type: 'success' }),
        onError: (error) =>
          notify(
            error instanceof HttpError
              ? 'resources.admingallery.notifications.delete_failed'
              : 'resources.admingallery.notifications.delete_error',
            { type: 'error' },
          ),
      }}
    />
  );
};

const ImagesError = () => {
  const notify = useNotify();
  useEffect(() => {
    notify('resources.admingallery.notifications.fetch_failed', { type: 'error' });
  }, [notify]);
  return <ErrorText message="resources.admingallery.notifications.fetch_failed" />;
};

/** `/admin/admingallery`: the upload form above the table of images. */
const GalleryList = () => (
  <>
    <UploadImageForm />
    <List<GalleryImage>
      filters={galleryFilters}
      actions={false}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={50}
      error={<ImagesError />}
      empty={false}
    >
      <DataTable<GalleryImage> bulkActionButtons={false} rowClick={false}>
        <Column source="title" />
        <Column source="type" />
        <Column source="url" label="resources.admingallery.fields.image" disableSort>
          <Thumbnail />
        </Column>
        <Column source="url" disableSort>
          <CopyUrlField />
        </Column>
        <Column label="resources.admingallery.fields.delete" disableSort>
          <DeleteImageButton />
        </Column>
      </DataTable>
    </List>
  </>
);

export default GalleryList;
