import yauzl from 'yauzl';

/**
 * The text cells of a downloaded .xlsx workbook (its shared strings), in order: enough to check an
 * export's header row and that a row is there, without a spreadsheet library in the browser tests.
 */
export function xlsxStrings(path: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== 'xl/sharedStrings.xml') return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            zip.close();
            const xml = Buffer.concat(chunks).toString('utf8');
            resolve([...xml.matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map((m) => unescapeXml(m[1]!)));
          });
        });
      });
      zip.on('end', () => resolve([]));
      zip.readEntry();
    });
  });
}

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}
