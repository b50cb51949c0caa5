// The icon of a file by its type (PDF, image, other).
import { IconFile, IconFileTypePdf, IconPhoto } from '@tabler/icons-react';

export function fileIcon(mime: string) {
  if (mime === 'application/pdf') return <IconFileTypePdf size={20} aria-hidden="true" />;
  if (mime.startsWith('image/')) return <IconPhoto size={20} aria-hidden="true" />;
  return <IconFile size={20} aria-hidden="true" />;
}
