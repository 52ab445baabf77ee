import type { TextShape } from './text-shape';

/**
 * English texts of the shared-file page (`/s/{id}`) and the file list widget; merged by the shell as
 * the `shareFile` namespace (replacing its placeholder block).
 */
export const shareFileEn = {
  title: 'Shared file',
  home: 'Go to QCDesk',
  loading: 'Opening the shared files',
  defaultSubject: 'Files shared with you',
  passwordTitle: 'This link is protected',
  passwordHint: 'Enter the password you were given with the link.',
  password: 'Password',
  passwordRequired: 'Enter the password',
  lockedOut: 'Too many wrong passwords; try again in {{seconds}} s',
  open: 'Open',
  expires: 'Available until {{date}}',
  remaining: 'Downloads left: {{count}}',
  unlimited: 'No download limit',
  files: 'Files',
  fileName: 'Name',
  fileSize: 'Size',
  fileType: 'Type',
  document: 'Document',
  image: 'Image',
  download: 'Download',
  downloadFile: 'Download {{name}}',
  downloadAll: 'Download all as zip',
  downloaded: 'Download started',
  unavailable: 'This link cannot be opened',
  retry: 'Try again',
  fileList: {
    name: 'File',
    size: 'Size',
    updated: 'Updated',
    actions: 'Actions',
    delete: 'Delete',
    deleteFile: 'Delete {{name}}',
    confirmDelete: 'Delete “{{name}}”?',
    empty: 'No files',
  },
} as const;

/** The shape the Chinese texts must fill. */
export type ShareFileShape = TextShape<typeof shareFileEn>;
