/**
 * Whether an error is a failed download of a lazily loaded part of the app (the network dropped, or a
 * new release removed the old hashed files). Browsers word it differently: Chromium "Failed to fetch
 * dynamically imported module", Firefox "error loading dynamically imported module", Safari
 * "Importing a module script failed"; Vite's preload helper "Unable to preload CSS".
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError/i.test(
    `${error.name} ${error.message}`,
  );
}

export const CHUNK_ERROR_TITLE = '页面文件加载失败';
export const CHUNK_ERROR_TEXT = '网络中断或系统已更新，请重新加载页面。';
export const RENDER_ERROR_TITLE = '页面出错了';
export const RENDER_ERROR_TEXT = '请重新加载页面；若仍然出错，请联系管理员。';
