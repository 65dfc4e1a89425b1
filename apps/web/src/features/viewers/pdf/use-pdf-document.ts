import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { settingsStore } from '../../../stores/settings-store';
import { FileProblem, fetchFileBytes, problemOf } from '../viewer-api';
import { DOCUMENT_OPTIONS, type PDFDocumentProxy, pdfEngine } from './pdf-engine';

/** A PDF to open: a PDF file streamed by range, or an office file the server converts first. */
export interface PdfSource {
  url: string;
  kind: 'pdf' | 'office';
}

export type PdfLoadState =
  | { kind: 'loading'; converting: boolean }
  | { kind: 'password'; wrong: boolean; submit(password: string): void }
  /** `fileName`: the name the server gave the file, for a page opened without one. */
  | { kind: 'ready'; doc: PDFDocumentProxy; fileName: string }
  | { kind: 'failed'; message: string };

/**
 * Opens the document and says how it goes. A PDF streams straight into pdf.js (which asks for byte
 * ranges as pages are needed); an office document is converted on the server and read whole, so a
 * refusal (no converter: 501, conversion failed: 502) arrives with the server's own words.
 */
export function usePdfDocument(source: PdfSource): PdfLoadState {
  const { t } = useTranslation();
  const [state, setState] = useState<PdfLoadState>({ kind: 'loading', converting: source.kind === 'office' });
  const { url, kind } = source;

  useEffect(() => {
    let live = true;
    const abort = new AbortController();
    let destroy: (() => Promise<void>) | undefined;
    setState({ kind: 'loading', converting: kind === 'office' });
    const headers = { 'Accept-Language': settingsStore.getState().locale };

    const failure = async (error: unknown): Promise<string> => {
      if (error instanceof FileProblem) return error.message || t('viewers.pdf.failed');
      const name = (error as { name?: string } | null)?.name;
      if (name === 'InvalidPDFException') return t('viewers.pdf.damaged');
      if (name === 'ResponseException') {
        // pdf.js knows the status only; the answer's envelope has the words
        const problem = await problemOf(await fetch(url, { headers, credentials: 'same-origin' })).catch(() => null);
        return problem?.message || t('viewers.pdf.failed');
      }
      return t('viewers.pdf.failed');
    };

    void (async () => {
      try {
        const pdfjs = await pdfEngine();
        let fileName = '';
        let input: { data: Uint8Array } | { url: string; httpHeaders: Record<string, string>; withCredentials: false };
        if (kind === 'office') {
          const file = await fetchFileBytes(url, abort.signal);
          fileName = file.fileName;
          input = { data: file.bytes };
        } else {
          input = { url, httpHeaders: headers, withCredentials: false };
        }
        if (!live) return;
        const task = pdfjs.getDocument({ ...input, ...DOCUMENT_OPTIONS });
        destroy = () => task.destroy();
        task.onPassword = (submit: (password: string) => void, reason: number) => {
          if (live)
            setState({ kind: 'password', wrong: reason === pdfjs.PasswordResponses.INCORRECT_PASSWORD, submit });
        };
        const doc = await task.promise;
        if (!fileName) {
          // pdf.js reads the name from the answer's Content-Disposition; its types omit the field
          const meta = (await doc.getMetadata().catch(() => null)) as {
            contentDispositionFilename?: string | null;
          } | null;
          fileName = meta?.contentDispositionFilename ?? '';
        }
        if (live) setState({ kind: 'ready', doc, fileName });
      } catch (error) {
        if (!live || abort.signal.aborted) return;
        const message = await failure(error);
        if (live) setState({ kind: 'failed', message });
      }
    })();

    return () => {
      live = false;
      abort.abort();
      void destroy?.();
    };
  }, [url, kind, t]);

  return state;
}
