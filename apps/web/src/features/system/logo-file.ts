import { AVATAR_EXTENSIONS, LOGO_MAX_KB } from '@eduqa/contract';

/** The picture types the server accepts for a logo (it also checks the content). */
export const LOGO_ACCEPT = AVATAR_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** Checked before sending, so that a wrong file does not travel first; null when acceptable. */
export function logoFileProblem(file: { name: string; size: number }): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(AVATAR_EXTENSIONS as readonly string[]).includes(ext) || !file.name.includes('.')) {
    return `只能上传${AVATAR_EXTENSIONS.join(',')}的图片`;
  }
  if (file.size === 0) return '文件为空';
  if (file.size > LOGO_MAX_KB * 1024) return `'${file.name}'文件大小超过${LOGO_MAX_KB / 1024}MB`;
  return null;
}
