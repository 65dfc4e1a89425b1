/**
 * The code editor's colour themes (SPEC §9: "about 62 themes plus default, remembered locally"). The
 * names are the themes' own and stay untranslated; `dark` groups the list and tints the editor frame.
 * Each theme's code is loaded when it is first chosen (see theme-loaders.ts), not with the page.
 */
export interface EditorThemeInfo {
  id: string;
  label: string;
  dark: boolean;
}

export const DEFAULT_THEME_ID = 'default';

export const EDITOR_THEMES: readonly EditorThemeInfo[] = [
  { id: DEFAULT_THEME_ID, label: 'Default', dark: false },
  // light
  { id: 'basicLight', label: 'Basic Light', dark: false },
  { id: 'bbedit', label: 'BBEdit', dark: false },
  { id: 'consoleLight', label: 'Console Light', dark: false },
  { id: 'duotoneLight', label: 'Duotone Light', dark: false },
  { id: 'eclipse', label: 'Eclipse', dark: false },
  { id: 'githubLight', label: 'GitHub Light', dark: false },
  { id: 'gruvboxLight', label: 'Gruvbox Light', dark: false },
  { id: 'materialLight', label: 'Material Light', dark: false },
  { id: 'noctisLilac', label: 'Noctis Lilac', dark: false },
  { id: 'quietlight', label: 'Quiet Light', dark: false },
  { id: 'solarizedLight', label: 'Solarized Light', dark: false },
  { id: 'tokyoNightDay', label: 'Tokyo Night Day', dark: false },
  { id: 'vscodeLight', label: 'VS Code Light', dark: false },
  { id: 'whiteLight', label: 'White Light', dark: false },
  { id: 'xcodeLight', label: 'Xcode Light', dark: false },
  // dark
  { id: 'abcdef', label: 'abcdef', dark: true },
  { id: 'abyss', label: 'Abyss', dark: true },
  { id: 'androidstudio', label: 'Android Studio', dark: true },
  { id: 'andromeda', label: 'Andromeda', dark: true },
  { id: 'atomone', label: 'Atom One', dark: true },
  { id: 'aura', label: 'Aura', dark: true },
  { id: 'basicDark', label: 'Basic Dark', dark: true },
  { id: 'bespin', label: 'Bespin', dark: true },
  { id: 'consoleDark', label: 'Console Dark', dark: true },
  { id: 'copilot', label: 'Copilot', dark: true },
  { id: 'darcula', label: 'Darcula', dark: true },
  { id: 'dracula', label: 'Dracula', dark: true },
  { id: 'duotoneDark', label: 'Duotone Dark', dark: true },
  { id: 'githubDark', label: 'GitHub Dark', dark: true },
  { id: 'gruvboxDark', label: 'Gruvbox Dark', dark: true },
  { id: 'kimbie', label: 'Kimbie', dark: true },
  { id: 'materialDark', label: 'Material Dark', dark: true },
  { id: 'monokai', label: 'Monokai', dark: true },
  { id: 'monokaiDimmed', label: 'Monokai Dimmed', dark: true },
  { id: 'nord', label: 'Nord', dark: true },
  { id: 'okaidia', label: 'Okaidia', dark: true },
  { id: 'red', label: 'Red', dark: true },
  { id: 'solarizedDark', label: 'Solarized Dark', dark: true },
  { id: 'sublime', label: 'Sublime', dark: true },
  { id: 'tokyoNight', label: 'Tokyo Night', dark: true },
  { id: 'tokyoNightStorm', label: 'Tokyo Night Storm', dark: true },
  { id: 'tomorrowNightBlue', label: 'Tomorrow Night Blue', dark: true },
  { id: 'vscodeDark', label: 'VS Code Dark', dark: true },
  { id: 'whiteDark', label: 'White Dark', dark: true },
  { id: 'xcodeDark', label: 'Xcode Dark', dark: true },
];

const BY_ID = new Map(EDITOR_THEMES.map((theme) => [theme.id, theme]));

export function isEditorTheme(id: unknown): id is string {
  return typeof id === 'string' && BY_ID.has(id);
}

export function editorTheme(id: string): EditorThemeInfo {
  return BY_ID.get(id) ?? EDITOR_THEMES[0]!;
}
