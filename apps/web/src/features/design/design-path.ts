/** The editor's address for a `.kerf` file of the drive (the workbench opens drawings with it). */
export function designPathFor(entry: { userFileId: string; folderId: string; filePath: string }): string {
  return `/design?${new URLSearchParams({ userFileId: entry.userFileId, folderId: entry.folderId, filePath: entry.filePath })}`;
}
