/** The name in a Content-Disposition header (RFC 6266: filename* first); '' when there is none. */
export function fileNameOf(header: string | null): string {
  if (!header) return '';
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // a broken escape: fall back to the plain name
    }
  }
  return /filename\s*=\s*"([^"]*)"/.exec(header)?.[1] ?? /filename\s*=\s*([^;\s]+)/.exec(header)?.[1] ?? '';
}
