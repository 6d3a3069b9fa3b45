import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { GalleryImage } from '@/types';

/** The image's URL and a Copy button that copies the full address. */
export const CopyUrlField = () => {
  const image = useRecordContext<GalleryImage>();
  const notify = useNotify();
  const translate = useTranslate();
  if (!image) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(new URL(image.url, window.location.origin).href);
      notify('resources.admingallery.notifications.copied', { type: 'success' });
    } catch {
      notify('resources.admingallery.notifications.copy_failed', { type: 'error' });
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
        {image.url}
      </Typography>
      <Tooltip title={translate('resources.admingallery.copy')}>
        <IconButton
          size="small"
          aria-label={translate('resources.admingallery.copy')}
          onClick={() => void copy()}
        >
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
};
