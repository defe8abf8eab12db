/**
 * Hands a blob to the browser as a download named `name`. The object URL outlives the click a while,
 * since some browsers start reading it only after the handler returns.
 */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
