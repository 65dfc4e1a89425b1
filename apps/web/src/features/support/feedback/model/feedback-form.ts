import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_LIMITS,
  FEEDBACK_SCREENSHOT_TYPES,
  type FeedbackCategory,
  feedbackDescriptionProblem,
  feedbackMessages,
  type Locale,
} from '@kerf/contract';

/** A rule's name in the contract's feedbackMessages (its words in both languages). */
export type FeedbackMessageKey = keyof typeof feedbackMessages;

export function feedbackText(key: FeedbackMessageKey, locale: Locale): string {
  return feedbackMessages[key][locale];
}

/** The picture types a screenshot may be; the picker's accept list. */
export const SCREENSHOT_ACCEPT = FEEDBACK_SCREENSHOT_TYPES.join(',');
const PICTURE_NAME = /\.(png|jpe?g|webp|gif)$/i;

/** Characters as the rules count them (an emoji is one), so the counter and the rule agree. */
export function characterCount(text: string): number {
  return [...text].length;
}

export function categoryProblem(value: unknown): 'categoryRequired' | null {
  return (FEEDBACK_CATEGORIES as readonly unknown[]).includes(value) ? null : 'categoryRequired';
}

export function descriptionProblem(text: string | undefined) {
  return feedbackDescriptionProblem(text ?? '');
}

/** A visitor must leave a way to be answered; a signed-in person is answered in their messages. */
export function contactProblem(
  contact: string | undefined,
  signedIn: boolean,
): 'contactRequired' | 'contactTooLong' | null {
  const text = (contact ?? '').trim();
  if (!text) return signedIn ? null : 'contactRequired';
  return characterCount(text) > FEEDBACK_LIMITS.contactMax ? 'contactTooLong' : null;
}

/** The first rule a chosen file breaks as a screenshot, or null. By type, or by name where the type is unknown. */
export function screenshotProblem(file: {
  type: string;
  name: string;
  size: number;
}): 'screenshotNotImage' | 'screenshotTooLarge' | null {
  const picture =
    (FEEDBACK_SCREENSHOT_TYPES as readonly string[]).includes(file.type) ||
    (!file.type && PICTURE_NAME.test(file.name));
  if (!picture || file.size <= 0) return 'screenshotNotImage';
  return file.size > FEEDBACK_LIMITS.screenshotMaxBytes ? 'screenshotTooLarge' : null;
}

/**
 * Which of the files picked, dropped or pasted join the screenshots already chosen: those that are
 * pictures within the size limit, up to the count limit; and the rules the others broke (each once).
 */
export function addScreenshots<F extends { type: string; name: string; size: number }>(
  chosen: number,
  incoming: readonly F[],
): { added: F[]; problems: Array<'screenshotNotImage' | 'screenshotTooLarge' | 'tooManyScreenshots'> } {
  const added: F[] = [];
  const problems = new Set<'screenshotNotImage' | 'screenshotTooLarge' | 'tooManyScreenshots'>();
  for (const file of incoming) {
    const problem = screenshotProblem(file);
    if (problem) problems.add(problem);
    else if (chosen + added.length >= FEEDBACK_LIMITS.screenshotsMax) problems.add('tooManyScreenshots');
    else added.push(file);
  }
  return { added, problems: [...problems] };
}

/** A pasted picture has no name of its own (or "image.png" for every one): give it a telling one. */
export function pastedName(file: { name: string; type: string }, at: Date): string {
  if (file.name && file.name !== 'image.png') return file.name;
  const stamp = at.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  const extension = file.type.split('/')[1]?.replace('jpeg', 'jpg') || 'png';
  return `screenshot-${stamp}.${extension}`;
}

export interface FeedbackFormValues {
  category?: FeedbackCategory;
  description?: string;
  contact?: string;
  captcha?: string;
}
