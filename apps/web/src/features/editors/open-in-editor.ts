import { hasEditorMode, isMarkdownExtension } from './model/editor-modes';

interface FileFacts {
  isDir: 0 | 1 | boolean;
  extendName: string;
}

/**
 * Files the drive's "view" opens in the editors (read-only) and "online edit" opens in them editable:
 * text, code, markdown and G-code, every extension of the editor's mode table (SPEC §3, §9).
 */
export function opensInEditor(entry: FileFacts): boolean {
  return !entry.isDir && hasEditorMode(entry.extendName);
}

export function opensAsMarkdown(entry: FileFacts): boolean {
  return !entry.isDir && isMarkdownExtension(entry.extendName);
}

/** Office files are edited on the OnlyOffice page (SPEC §2 route Onlyoffice, ot=edit). */
export function onlyofficeEditPath(userFileId: string): string {
  return `/onlyoffice?${new URLSearchParams({ userFileId, ot: 'edit' })}`;
}
