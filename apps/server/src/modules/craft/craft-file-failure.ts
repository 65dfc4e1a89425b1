import { craftIssueText, craftMessages, format } from '@kerf/contract';
import { AppError } from '../../http/app-error.js';
import type { CraftFileError } from './lightburn/craft-file-error.js';

/**
 * A refused import file as an error in both languages. An invalid craft names the broken rule by its
 * message key, which is put into words here for each language.
 */
export function craftFileFailure(error: CraftFileError): AppError {
  const text = craftMessages[error.key];
  const words = (locale: 'zh-CN' | 'en') =>
    format(text[locale], ...error.args.map((arg) => (typeof arg === 'string' ? craftIssueText(arg, locale) : arg)));
  const status = error.key === 'importTooLarge' ? 413 : 400;
  return new AppError(status, { 'zh-CN': words('zh-CN'), en: words('en') }, { code: status });
}
