/**
 * SPEC §2 route Onlyoffice: `userFileId` with `ot` detail or edit opens a file of mine; `fileName`,
 * `filePath` and `extendName` with `ot=add` create a new document there (`fileUrl` is accepted and
 * not needed). Anything else is a broken link.
 */
export type OnlyOfficeRequest =
  | { kind: 'open'; userFileId: string; ot: 'detail' | 'edit' }
  | { kind: 'add'; fileName: string; filePath: string; extendName: string; folderId: string | null }
  | { kind: 'invalid' };

const ADDABLE = ['docx', 'xlsx', 'pptx'] as const;

export function parseOnlyOfficeQuery(params: URLSearchParams): OnlyOfficeRequest {
  const ot = params.get('ot') ?? 'detail';
  if (ot === 'add') {
    const fileName = (params.get('fileName') ?? '').trim();
    const extendName = (params.get('extendName') ?? '').trim().toLowerCase().replace(/^\./, '');
    if (!fileName || !(ADDABLE as readonly string[]).includes(extendName)) return { kind: 'invalid' };
    const filePath = params.get('filePath') || '/';
    return { kind: 'add', fileName, filePath, extendName, folderId: params.get('folderId') || null };
  }
  const userFileId = params.get('userFileId') ?? '';
  if (!userFileId || (ot !== 'detail' && ot !== 'edit')) return { kind: 'invalid' };
  return { kind: 'open', userFileId, ot };
}
