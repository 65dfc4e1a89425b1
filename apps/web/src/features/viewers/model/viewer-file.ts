/** What a viewer needs to know of a file: a drive entry or a shared one both fit. */
export interface ViewerFile {
  userFileId: string;
  fileName: string;
  extendName: string;
  fileSize: number;
  isDir: 0 | 1;
}
