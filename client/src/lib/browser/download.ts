/** Saves `text` as a file named `filename` through the browser's download (CSV exports, documents). */
export function downloadText(filename: string, text: string, type = 'text/plain;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  // The click starts the download at once; the URL is released once it had time to be read.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
