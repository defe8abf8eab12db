import {
  AVATAR_EXTENSIONS,
  fileTooLargeMessage,
  hasImageExtension,
  IMAGE_ACCEPT,
  LOGO_MAX_KB,
} from '@eduqa/contract';

/** The picture types the server accepts for a logo (it also checks the content). */
export const LOGO_ACCEPT = IMAGE_ACCEPT;

/** Checked before sending, so that a wrong file does not travel first; null when acceptable. */
export function logoFileProblem(file: { name: string; size: number }): string | null {
  if (!hasImageExtension(file.name)) {
    return `只能上传${AVATAR_EXTENSIONS.join(',')}的图片`;
  }
  if (file.size === 0) return '文件为空';
  if (file.size > LOGO_MAX_KB * 1024) return fileTooLargeMessage(file.name, LOGO_MAX_KB);
  return null;
}
