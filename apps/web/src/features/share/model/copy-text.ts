/** The browser parts copying needs; tests pass fakes. */
export interface CopyEnvironment {
  /** Absent outside secure contexts (plain http on a shop's LAN address). */
  clipboard?: Pick<Clipboard, 'writeText'>;
  /** The old way: select a hidden text field and ask the document to copy. */
  copyBySelection?(text: string): boolean;
}

/**
 * Puts text on the clipboard: the Clipboard API where the page may use it, else the selection way,
 * which still works on plain http. Resolves false when neither worked, so the caller can show the
 * text for copying by hand.
 */
export async function copyText(
  text: string,
  environment: CopyEnvironment = browserCopyEnvironment(),
): Promise<boolean> {
  if (environment.clipboard) {
    try {
      await environment.clipboard.writeText(text);
      return true;
    } catch {
      // denied or not focused: try the other way
    }
  }
  try {
    return environment.copyBySelection?.(text) ?? false;
  } catch {
    return false;
  }
}

function copyBySelection(text: string): boolean {
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  // off screen but still selectable; a hidden element cannot hold a selection
  field.style.position = 'fixed';
  field.style.top = '-1000px';
  field.style.opacity = '0';
  const focused = document.activeElement as HTMLElement | null;
  document.body.append(field);
  field.select();
  field.setSelectionRange(0, text.length);
  try {
    return document.execCommand('copy');
  } finally {
    field.remove();
    focused?.focus?.();
  }
}

export function browserCopyEnvironment(): CopyEnvironment {
  if (typeof window === 'undefined') return {};
  return {
    clipboard: window.isSecureContext ? navigator.clipboard : undefined,
    copyBySelection,
  };
}
