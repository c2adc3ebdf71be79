import { getResolvedPDFJS } from 'unpdf';

/**
 * How long a PDF proof may take to open (decision 0409). The file is at most 5 MB (the upload's
 * limit); a receipt opens in a few milliseconds, and a file built to keep the reader busy is
 * refused when this runs out instead of holding the API's one thread.
 */
export const PDF_READ_MS = 3_000;

/** `%PDF-` at the start: the signature every PDF file begins with. */
export const startsLikePdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-';

/**
 * Whether the bytes are a PDF a reader can open (issue 49): parsed by PDF.js (Mozilla's reader,
 * through unpdf's build for servers, decision 0409), its cross-reference table and first page
 * read. A file with a PDF's first and last bytes and anything else between is not one.
 * Nothing is drawn: no font is loaded and no script runs (PDF.js 5 has no eval path), nothing is fetched.
 */
export async function isReadablePdf(bytes: Buffer): Promise<boolean> {
  const { getDocument } = await getResolvedPDFJS();
  const task = getDocument({
    // PDF.js takes ownership of the array it is given: a copy, so the kept bytes stay whole.
    data: new Uint8Array(bytes),
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: true,
    verbosity: 0,
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PDF_READ_MS);
  });
  const read = (async () => {
    const document = await task.promise;
    if (document.numPages < 1) return false;
    await document.getPage(1);
    return true;
  })().catch(() => false);
  try {
    return await Promise.race([read, timeout]);
  } finally {
    clearTimeout(timer);
    await task.destroy().catch(() => undefined);
  }
}
