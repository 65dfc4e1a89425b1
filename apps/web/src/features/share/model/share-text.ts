import { type Locale, shareLink, shareText } from '@kerf/contract';

/**
 * What "copy link" puts on the clipboard for one of my shares: the link (SPEC §9 {origin}/share/{code})
 * for a public share; for a share with an extraction code, the share text with both, as the link alone
 * would not open it.
 */
export function copiedShareText(
  origin: string,
  share: { shareBatchNum: string; extractionCode?: string | null },
  locale: Locale,
): string {
  const link = shareLink(origin, share.shareBatchNum);
  return share.extractionCode ? shareText(link, share.extractionCode, locale) : link;
}
