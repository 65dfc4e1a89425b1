/**
 * Phone-type user agents (SPEC §2 /mobile/login). "Mobi" covers Android phones, iPhone Safari and
 * most mobile browsers; tablets say Mobile too on iPad, so they are excluded by name.
 */
const PHONE = /Mobi|iPhone|iPod|Windows Phone|BlackBerry|Opera Mini|HarmonyOS/i;
const TABLET = /iPad|Tablet|PlayBook/i;

export function isPhoneUserAgent(userAgent: string): boolean {
  return PHONE.test(userAgent) && !TABLET.test(userAgent);
}
