import { type driveMessages, ENTRY_NAME_MAX, entryNameProblem, NEW_FILE_TYPES, type NewFileType } from '@kerf/contract';

/**
 * The name of a new file (SPEC §5 "New file": required 请输入文件名称, at most 255 characters, unique in
 * its folder). The name is typed with its extension, as in a desktop file manager; the type picked and
 * the extension typed follow each other, and a name typed without one gets the picked type's.
 */

const OFFICE_NEW_FILE_TYPES: readonly NewFileType[] = ['docx', 'xlsx', 'pptx'];

/** The types "new file" offers: office documents only where a document server can edit them. */
export function offeredNewFileTypes(onlineOffice: boolean): NewFileType[] {
  return NEW_FILE_TYPES.filter((type) => onlineOffice || !OFFICE_NEW_FILE_TYPES.includes(type));
}

export function isNewFileType(value: unknown): value is NewFileType {
  return (NEW_FILE_TYPES as readonly unknown[]).includes(value);
}

/** The new-file type a name ends with (`.md`, any case), or null. */
export function typeOfName(name: string): NewFileType | null {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return null;
  const ext = name
    .slice(dot + 1)
    .trim()
    .toLowerCase();
  return isNewFileType(ext) ? ext : null;
}

/** The name without a new-file type's extension. */
export function baseOfName(name: string): string {
  return typeOfName(name) ? name.slice(0, name.lastIndexOf('.')) : name;
}

/** The name the file is created with: trimmed, with the picked type's extension when it has none of its own. */
export function finalName(name: string, type: NewFileType): string {
  const value = name.trim();
  return typeOfName(value) ? value : `${value}.${type}`;
}

/** The name with another type's extension in place of the one it had (or added). */
export function withType(name: string, type: NewFileType): string {
  return `${baseOfName(name)}.${type}`;
}

/** SPEC §5, in the words of @kerf/contract: a blank name (".txt" alone included) is 请输入文件名称. */
export function newFileNameProblem(name: string | undefined, type: NewFileType): keyof typeof driveMessages | null {
  const value = (name ?? '').trim();
  const dot = value.lastIndexOf('.');
  const stem = dot >= 0 && isNewFileType(value.slice(dot + 1).toLowerCase()) ? value.slice(0, dot) : value;
  if (!stem.trim()) return 'nameRequired';
  const full = finalName(name ?? '', type);
  if (full.length > ENTRY_NAME_MAX) return 'nameTooLong';
  return entryNameProblem(full, 'file');
}

/** "新建文本文档.txt", then "新建文本文档 (2).txt", "新建文本文档 (3).txt"… as desktops number copies. */
export function numberedName(base: string, type: NewFileType, n: number): string {
  return n <= 1 ? `${base}.${type}` : `${base} (${n}).${type}`;
}

/** True when the name is one this dialog suggested for a type (so changing the type may change it). */
export function isSuggestedName(name: string, base: string): boolean {
  const stem = baseOfName(name);
  return stem === base || new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(\\d+\\)$`).test(stem);
}

/** The first free suggested name, asking `isFree` about at most `tries` of them. */
export async function firstFreeName(
  base: string,
  type: NewFileType,
  isFree: (name: string) => Promise<boolean>,
  tries = 5,
): Promise<string> {
  for (let n = 1; n <= tries; n++) {
    const name = numberedName(base, type, n);
    if (await isFree(name)) return name;
  }
  return numberedName(base, type, 1);
}
