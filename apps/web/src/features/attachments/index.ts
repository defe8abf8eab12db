export { deleteAttachment, downloadAll, fileUrl, saveAttachments } from './api.ts';
export { AttachmentDialog, type AttachmentDialogProps } from './attachment-dialog.tsx';
export { groupFiles } from './file-groups.ts';
export { type UploadedAttachment, uploadAttachment } from './upload-attachment.ts';
export { checkFile, isPreviewable, UploadAborted } from './upload-plan.ts';
