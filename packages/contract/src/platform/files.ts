/** The document download path through which logos and avatars are fetched (spec 1 §3). */
export const DOCUMENT_DOWNLOAD_PATH = '/api/herm-sjgl/document/download';

export function documentUrl(fileId: string): string {
  return `${DOCUMENT_DOWNLOAD_PATH}?attachmentId=${encodeURIComponent(fileId)}`;
}

/** Avatar extensions of spec 2 §5; the server also checks the content. */
export const AVATAR_EXTENSIONS = ['gif', 'jpg', 'jpeg', 'png', 'bmp', 'webp'] as const;
/** Spec 1 §9 names 30720 for avatars without a unit; read as KB (30 MB), like the 10/50 MB limits. */
export const AVATAR_MAX_KB = 30720;
export const LOGO_MAX_KB = 2048;
