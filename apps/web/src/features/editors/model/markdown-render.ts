import DOMPurify from 'dompurify';
import { Marked } from 'marked';

/**
 * Markdown to HTML for the preview (SPEC §4 markdown preview; ARCHITECTURE "untrusted content is never
 * rendered as ours"). The file is someone's upload, so the HTML that marked makes is sanitised before
 * the page sees it: no script, no frames, no forms, no styles, no event handlers, no javascript: or
 * data: links; links open in a new tab without access to this page (rel=noopener noreferrer).
 */
const markdown = new Marked({ gfm: true, breaks: false, async: false });

/** GitHub-flavoured markdown to HTML, not yet safe to show. */
export function markdownToHtml(text: string): string {
  return markdown.parse(text, { async: false });
}

const FORBIDDEN_TAGS = ['style', 'form', 'button', 'textarea', 'select', 'option', 'iframe', 'object', 'embed'];
/** Links that may be followed: web pages, mail, phone, and places in the same page. */
const SAFE_LINK = /^(?:https?:|mailto:|tel:|#)/i;

let purifier: ReturnType<typeof DOMPurify> | null = null;

function purify(): ReturnType<typeof DOMPurify> | null {
  if (purifier) return purifier;
  if (typeof window === 'undefined') return null;
  const instance = DOMPurify(window);
  if (!instance.isSupported) return null;
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (!SAFE_LINK.test(href.trim())) node.removeAttribute('href');
      if (!href.startsWith('#')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    }
    if (node.tagName === 'INPUT') {
      // only the ticks of a task list ("- [x] done"), and they cannot be changed
      if (node.getAttribute('type') !== 'checkbox') node.remove();
      else node.setAttribute('disabled', '');
    }
    if (node.tagName === 'IMG') {
      // pictures load lazily and tell nothing about the page they are shown on
      node.setAttribute('loading', 'lazy');
      node.setAttribute('referrerpolicy', 'no-referrer');
    }
  });
  purifier = instance;
  return purifier;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/**
 * Safe HTML for a markdown text. Where no sanitiser can run (no DOM), the text is shown escaped, as is:
 * it fails closed rather than passing markup through.
 */
export function renderMarkdown(text: string): string {
  const sanitiser = purify();
  if (!sanitiser) return `<pre>${escapeHtml(text)}</pre>`;
  return sanitiser.sanitize(markdownToHtml(text), {
    USE_PROFILES: { html: true },
    FORBID_TAGS: FORBIDDEN_TAGS,
    FORBID_ATTR: ['style', 'srcset', 'action', 'formaction', 'autofocus'],
    ALLOW_DATA_ATTR: false,
  });
}
