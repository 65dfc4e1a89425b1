import { type FileAccess, pdfPageUrl } from './model/file-access';
import { viewerKindOf } from './model/viewer-kind';

/**
 * SPEC §9 "pdf opens in a new tab": the app's own PDF viewer page, since stored files are served
 * sandboxed and the browser would not show them itself. Called from the click or key that opened
 * the file, so the tab is not taken for a pop-up. Returns false for anything but a PDF.
 */
export function openPdfInTab(
  access: FileAccess,
  entry: { userFileId: string; fileName: string; extendName: string; isDir: 0 | 1 },
): boolean {
  if (viewerKindOf(entry) !== 'pdf') return false;
  window.open(pdfPageUrl(access, entry), '_blank', 'noopener');
  return true;
}
