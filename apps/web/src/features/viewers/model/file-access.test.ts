import { describe, expect, it } from 'vitest';
import { OWN_FILES, officePdfUrl, pdfPageUrl, previewUrl, shareAccess, thumbnailUrl } from './file-access';

const id = '3f1c2a4e-1111-4222-8333-944455556666';
const share = shareAccess('abc123', 'x7k9');

describe('viewer links', () => {
  it('name my own files by id alone (the session cookie signs them in)', () => {
    expect(previewUrl(OWN_FILES, id)).toBe(`/cloud-api/engine/filetransfer/preview?userFileId=${id}`);
    expect(thumbnailUrl(OWN_FILES, id)).toBe(`/cloud-api/engine/filetransfer/preview?userFileId=${id}&isMin=true`);
    expect(officePdfUrl(OWN_FILES, id)).toBe(`/cloud-api/engine/file/officePdf?userFileId=${id}`);
  });

  it('carry the share and its code for a shared file', () => {
    const url = new URL(thumbnailUrl(share, id), 'http://x');
    expect(url.pathname).toBe('/cloud-api/engine/filetransfer/preview');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      userFileId: id,
      isMin: 'true',
      shareBatchNum: 'abc123',
      extractionCode: 'x7k9',
    });
  });

  it('open PDFs in the app viewer, on a share under its own page', () => {
    const file = { userFileId: id, fileName: '图纸 A.pdf' };
    const own = new URL(pdfPageUrl(OWN_FILES, file), 'http://x');
    expect(own.pathname).toBe('/web/pdf');
    expect(own.searchParams.get('name')).toBe('图纸 A.pdf');
    expect(own.searchParams.has('source')).toBe(false);
    const office = new URL(pdfPageUrl(share, { userFileId: id, fileName: 'a.docx' }, 'office'), 'http://x');
    expect(office.pathname).toBe('/web/share/abc123/pdf');
    expect(office.searchParams.get('source')).toBe('office');
    expect(office.searchParams.get('pwd')).toBe('x7k9');
    expect(new URL(pdfPageUrl(shareAccess('abc123', ''), file), 'http://x').searchParams.has('pwd')).toBe(false);
  });
});
