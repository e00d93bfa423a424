/**
 * The text of a rules file for /create's paste mode: .txt as it is, .docx through mammoth, .pdf
 * through pdf.js. Both libraries load only when such a file is chosen, so /create's first
 * download does not carry them.
 */

/** Largest file read, in bytes. */
export const MAX_RULES_FILE_BYTES = 10 * 1024 * 1024;

/** Why a file gave no text: the Chinese message is chosen by the caller. */
export class RulesFileError extends Error {
  constructor(readonly reason: 'unsupported' | 'too-big' | 'empty') {
    super(reason);
  }
}

async function pdfText(data: ArrayBuffer): Promise<string> {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  const document = await pdfjs.getDocument({ data: new Uint8Array(data) }).promise;
  const pages: string[] = [];
  try {
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str;
        if (item.hasEOL) text += '\n';
      }
      pages.push(text);
    }
  } finally {
    await document.destroy();
  }
  return pages.join('\n');
}

/** The text of a .txt, .docx or .pdf file; throws RulesFileError when there is none to read. */
export async function rulesFileText(file: File): Promise<string> {
  if (file.size > MAX_RULES_FILE_BYTES) throw new RulesFileError('too-big');
  const name = file.name.toLowerCase();
  let text: string;
  if (name.endsWith('.txt') || name.endsWith('.md')) text = await file.text();
  else if (name.endsWith('.docx')) {
    const mammoth = await import('mammoth');
    text = (await mammoth.extractRawText({ arrayBuffer: await file.arrayBuffer() })).value;
  } else if (name.endsWith('.pdf')) text = await pdfText(await file.arrayBuffer());
  else throw new RulesFileError('unsupported');
  const cleaned = text
    .replace(/\r\n?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (!cleaned) throw new RulesFileError('empty');
  return cleaned;
}
