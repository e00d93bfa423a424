/** Saves `text` as a file named `filename` through the browser's download (CSV exports, documents). */
export function downloadText(filename: string, text: string, type = 'text/plain;charset=utf-8'): void {
  downloadBlob(filename, new Blob([text], { type }));
}

/** Saves `bytes` (a ZIP, an image) as a file named `filename` through the browser's download. */
export function downloadBytes(filename: string, bytes: Uint8Array<ArrayBuffer>, type: string): void {
  downloadBlob(filename, new Blob([bytes], { type }));
}

function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  // The click starts the download at once; the URL is released once it had time to be read.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
