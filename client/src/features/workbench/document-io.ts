/** Moving a rich-text document in and out: Markdown (export and import) and .docx (import). */

/** Markdown of the editor's HTML (headings, lists, emphasis; tables kept as HTML). */
export async function htmlToMarkdown(html: string): Promise<string> {
  const { default: TurndownService } = await import('turndown');
  const service = new TurndownService({
    headingStyle: 'atx',
    bulletListMarker: '-',
    codeBlockStyle: 'fenced',
  });
  service.addRule('highlight', { filter: ['mark'], replacement: (content) => `==${content}==` });
  service.keep(['table']);
  return service.turndown(html);
}

/** HTML from Markdown, for the editor to take in. */
export async function markdownToHtml(markdown: string): Promise<string> {
  const { marked } = await import('marked');
  return marked.parse(markdown.replace(/==([^=\n]+)==/g, '<mark>$1</mark>'), { async: false });
}

/** HTML from a .docx file (mammoth). */
export async function docxToHtml(file: ArrayBuffer): Promise<string> {
  const mammoth = await import('mammoth');
  const result = await mammoth.convertToHtml({ arrayBuffer: file });
  return result.value;
}

/** Offers `text` to the browser as a download. */
export function download(name: string, text: string, type = 'text/markdown;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
