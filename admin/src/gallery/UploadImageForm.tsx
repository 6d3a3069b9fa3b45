import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { HttpError, useNotify, useRefresh, useTranslate } from 'react-admin';
import { galleryLink } from '@zstore/contract/gallery-link';
import { GALLERY_TYPES } from '@/common/choices';
import { isSignedOut, useAdminDataProvider } from '@/dataProvider';

/** The upload form of `/admin/admingallery` (multipart `POST /api/admin/uploadimage`). */
export const UploadImageForm = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useAdminDataProvider();
  const [title, setTitle] = useState('');
  const [redirectUrl, setRedirectUrl] = useState('');
  const [type, setType] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const upload = useMutation({
    mutationFn: (form: FormData) => dataProvider.uploadImage(form),
    onSuccess: () => {
      notify('resources.admingallery.notifications.uploaded', { type: 'success' });
      setTitle('');
      setRedirectUrl('');
      setType('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      refresh();
    },
    onError: (error) => {
      if (isSignedOut(error)) return;
      notify(
        error instanceof HttpError
          ? 'resources.admingallery.notifications.upload_failed'
          : 'resources.admingallery.notifications.upload_error',
        { type: 'error' },
      );
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim() || !file || !type) {
      notify('resources.admingallery.notifications.required', { type: 'error' });
      return;
    }
    if (redirectUrl.trim() && !galleryLink(redirectUrl)) {
      notify('resources.admingallery.redirect_invalid', { type: 'error' });
      return;
    }
    const form = new FormData();
    form.append('title', title.trim());
    form.append('type', type);
    form.append('redirectUrl', redirectUrl.trim());
    form.append('images', file);
    upload.mutate(form);
  };

  const label = (name: string) => translate(`resources.admingallery.fields.${name}`);
  // Where the slide will send customers, read as the storefront reads it: the host of an
  // address on another site, so a look-alike address shows what it really opens.
  const typedLink = redirectUrl.trim() ? galleryLink(redirectUrl) : undefined;
  const redirectHelp = !redirectUrl.trim()
    ? undefined
    : !typedLink
      ? translate('resources.admingallery.redirect_invalid')
      : typedLink.kind === 'path'
        ? translate('resources.admingallery.redirect_path', { path: typedLink.href })
        : translate('resources.admingallery.redirect_host', { host: typedLink.host });

  return (
    <Card sx={{ mt: 2 }}>
      <CardHeader title={translate('resources.admingallery.upload_title')} />
      <CardContent>
        <Box component="form" onSubmit={submit} noValidate>
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={2}
            sx={{ alignItems: 'flex-start' }}
          >
            <Stack spacing={2} sx={{ flex: 1, width: '100%' }}>
              <TextField
                label={label('title')}
                value={title}
                onChange={(event) => setTitle(event.target.value)}
                required
              />
              <TextField
                label={label('redirectUrl')}
                value={redirectUrl}
                onChange={(event) => setRedirectUrl(event.target.value)}
                error={Boolean(redirectUrl.trim()) && !typedLink}
                helperText={redirectHelp}
              />
              <TextField
                select
                label={label('type')}
                value={type}
                onChange={(event) => setType(event.target.value)}
                required
              >
                {GALLERY_TYPES.map((value) => (
                  <MenuItem key={value} value={value}>
                    {value}
                  </MenuItem>
                ))}
              </TextField>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Button variant="outlined" component="label">
                  {translate('resources.admingallery.choose_file')}
                  <input
                    ref={fileInput}
                    hidden
                    type="file"
                    accept="image/*"
                    aria-label={label('file')}
                    onChange={(event) => setFile(event.target.files?.[0] ?? null)}
                  />
                </Button>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {file?.name ?? translate('resources.admingallery.no_file')}
                </Typography>
              </Stack>
              <Box>
                <Button
                  type="submit"
                  variant="contained"
                  startIcon={<CloudUploadIcon />}
                  disabled={upload.isPending}
                >
                  {translate('resources.admingallery.upload')}
                </Button>
              </Box>
            </Stack>
            {preview && (
              <Box
                component="img"
                src={preview}
                alt={translate('resources.admingallery.preview')}
                sx={{ maxWidth: 280, maxHeight: 200, borderRadius: 1, objectFit: 'contain' }}
              />
            )}
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
};
