// VS Code's theme as the spec's style variables (McpUiStyleVariableKey, spec 2026-01-26). Each variable
// is a CSS expression over VS Code's own `--vscode-*` colours and fonts; the app cannot see those (it is
// in another document), so the webview page resolves every expression with getComputedStyle and hands
// over the values (media/app-relay.js), again whenever the theme changes. High-contrast themes bring
// their contrast borders. No `vscode`: plain data, checked against the spec's key list (test/unit/apps.page.test.ts).
import type { McpUiStyleVariableKey, McpUiTheme } from '@modelcontextprotocol/ext-apps/app-bridge';

const v = (name: string, fallback: string) => `var(--vscode-${name}, ${fallback})`;
/** A border that becomes the theme's contrast border in high contrast. */
const border = (name: string, fallback: string) => `var(--vscode-contrastBorder, ${v(name, fallback)})`;
const mix = (color: string, percent: number) => `color-mix(in srgb, ${color} ${percent}%, transparent)`;

const FG = v('foreground', '#cccccc');
const BG = v('editor-background', '#1f1f1f');
const INFO = v('editorInfo-foreground', '#3794ff');
const DANGER = v('errorForeground', '#f85149');
const SUCCESS = v('testing-iconPassed', '#73c991');
const WARNING = v('editorWarning-foreground', '#cca700');
const FOCUS = v('focusBorder', '#0078d4');
const SIZE = v('font-size', '13px');
const px = (delta: number) => `calc(${SIZE} + ${delta}px)`;

export const STYLE_VARIABLES: Record<McpUiStyleVariableKey, string> = {
  '--color-background-primary': BG,
  '--color-background-secondary': v('sideBar-background', v('editorWidget-background', '#252526')),
  '--color-background-tertiary': v('input-background', '#313131'),
  '--color-background-inverse': FG,
  '--color-background-ghost': 'transparent',
  '--color-background-info': mix(INFO, 15),
  '--color-background-danger': mix(DANGER, 15),
  '--color-background-success': mix(SUCCESS, 15),
  '--color-background-warning': mix(WARNING, 15),
  '--color-background-disabled': mix(FG, 8),

  '--color-text-primary': FG,
  '--color-text-secondary': v('descriptionForeground', '#9d9d9d'),
  '--color-text-tertiary': v('disabledForeground', '#8b8b8b'),
  '--color-text-inverse': BG,
  '--color-text-ghost': v('descriptionForeground', '#9d9d9d'),
  '--color-text-info': INFO,
  '--color-text-danger': DANGER,
  '--color-text-success': SUCCESS,
  '--color-text-warning': WARNING,
  '--color-text-disabled': v('disabledForeground', '#8b8b8b'),

  '--color-border-primary': border('widget-border', v('panel-border', '#454545')),
  '--color-border-secondary': border('panel-border', '#2b2b2b'),
  '--color-border-tertiary': border('editorGroup-border', '#2b2b2b'),
  '--color-border-inverse': BG,
  '--color-border-ghost': 'transparent',
  '--color-border-info': INFO,
  '--color-border-danger': DANGER,
  '--color-border-success': SUCCESS,
  '--color-border-warning': WARNING,
  '--color-border-disabled': mix(FG, 20),

  '--color-ring-primary': FOCUS,
  '--color-ring-secondary': mix(FOCUS, 60),
  '--color-ring-inverse': BG,
  '--color-ring-info': INFO,
  '--color-ring-danger': DANGER,
  '--color-ring-success': SUCCESS,
  '--color-ring-warning': WARNING,

  '--font-sans': v('font-family', 'system-ui, sans-serif'),
  '--font-mono': v('editor-font-family', 'monospace'),
  '--font-weight-normal': '400',
  '--font-weight-medium': '500',
  '--font-weight-semibold': '600',
  '--font-weight-bold': '700',
  '--font-text-xs-size': px(-2),
  '--font-text-sm-size': px(-1),
  '--font-text-md-size': SIZE,
  '--font-text-lg-size': px(1),
  '--font-heading-xs-size': px(0),
  '--font-heading-sm-size': px(1),
  '--font-heading-md-size': px(3),
  '--font-heading-lg-size': px(5),
  '--font-heading-xl-size': px(7),
  '--font-heading-2xl-size': px(11),
  '--font-heading-3xl-size': px(17),
  '--font-text-xs-line-height': '1.4',
  '--font-text-sm-line-height': '1.4',
  '--font-text-md-line-height': '1.4',
  '--font-text-lg-line-height': '1.4',
  '--font-heading-xs-line-height': '1.3',
  '--font-heading-sm-line-height': '1.3',
  '--font-heading-md-line-height': '1.3',
  '--font-heading-lg-line-height': '1.25',
  '--font-heading-xl-line-height': '1.2',
  '--font-heading-2xl-line-height': '1.2',
  '--font-heading-3xl-line-height': '1.15',

  '--border-radius-xs': '2px',
  '--border-radius-sm': '4px',
  '--border-radius-md': '6px',
  '--border-radius-lg': '8px',
  '--border-radius-xl': '12px',
  '--border-radius-full': '9999px',
  '--border-width-regular': '1px',
  '--shadow-hairline': `0 0 0 1px ${border('widget-border', '#454545')}`,
  '--shadow-sm': `0 1px 3px ${v('widget-shadow', 'rgba(0, 0, 0, 0.36)')}`,
  '--shadow-md': `0 2px 8px ${v('widget-shadow', 'rgba(0, 0, 0, 0.36)')}`,
  '--shadow-lg': `0 4px 16px ${v('widget-shadow', 'rgba(0, 0, 0, 0.36)')}`,
};

/** VS Code's theme kinds, as the webview page reads them from its body classes. */
export type VsCodeThemeKind = 'light' | 'dark' | 'hc-light' | 'hc-dark';

/** The spec has two themes; high contrast keeps its polarity (its colours come with the variables). */
export function specTheme(kind: VsCodeThemeKind): McpUiTheme {
  return kind === 'light' || kind === 'hc-light' ? 'light' : 'dark';
}
