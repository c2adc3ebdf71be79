/**
 * Saves a file the app fetched (an object URL) under `filename`, as a link the user clicked would,
 * then lets the URL go once the browser has started the download.
 */
export function saveDownload(url: string, filename: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
