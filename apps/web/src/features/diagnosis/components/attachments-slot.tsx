import { AttachmentDialog, type AttachmentDialogProps } from '../../attachments/index.ts';

export type PointAttachmentDialogProps = AttachmentDialogProps;

/**
 * The attachment dialog of features/attachments (spec 2 §2.6), mounted only while open: it takes the
 * point's files when it mounts, so each opening starts from the point as last loaded.
 */
export function PointAttachmentDialog(props: PointAttachmentDialogProps) {
  return props.open ? <AttachmentDialog {...props} /> : null;
}
