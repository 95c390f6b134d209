// The one Wildframe theme (docs: shared/design/UI.md). Components take their colours from antd's
// tokens; the layout's own CSS reads the same values through the custom properties below.
import type { ThemeConfig } from 'antd';

export const palette = {
  // Forest green: 6.4:1 on white, 5.7:1 on sand, so it is safe for text and links (WCAG AA).
  forest: '#2f6b3f',
  forestDark: '#24593a',
  forestDeep: '#1c4a2f',
  forestTint: '#e6efe6',
  // Warm neutrals (stone and sand) for surfaces and text.
  sand: '#f6f1e7',
  sandDeep: '#ece4d4',
  paper: '#fffdf8',
  stoneBorder: '#ddd3c1',
  stoneText: '#2b2620',
  stoneMuted: '#5f574c',
  footer: '#1f2a22',
  footerText: '#ece4d4',
  // Golden-hour amber: the single accent for calls to action and ratings. Dark text on it (6.6:1).
  amber: '#e0a030',
  amberDark: '#9a5b00',
  // Errors: antd's default red is 3.2:1 on white; this one is 6.5:1, so messages under fields and
  // destructive toasts pass WCAG AA.
  danger: '#b42318',
  dangerTint: '#fdecea',
  // Progress colours by season (spec, section 9).
  seasons: { spring: '#6a9a3a', summer: '#2f7d4b', fall: '#b8612a', winter: '#4f6f8f' },
} as const;

export type Season = keyof typeof palette.seasons;

/** One humanist sans stack; no web font is fetched. */
export const fontFamily =
  "Seravek, 'Gill Sans Nova', Ubuntu, Calibri, 'DejaVu Sans', source-sans-pro, 'Segoe UI', sans-serif";

export function createTheme({ reducedMotion }: { reducedMotion: boolean }): ThemeConfig {
  return {
    token: {
      colorPrimary: palette.forest,
      colorPrimaryHover: palette.forestDark,
      colorPrimaryActive: palette.forestDeep,
      colorLink: palette.forest,
      colorLinkHover: palette.forestDark,
      colorLinkActive: palette.forestDeep,
      colorInfo: palette.forest,
      colorSuccess: palette.seasons.summer,
      colorWarning: palette.amber,
      colorError: palette.danger,
      colorText: palette.stoneText,
      colorTextSecondary: palette.stoneMuted,
      // antd derives these from the base colours and lands below AA on our surfaces; set them.
      colorTextDescription: palette.stoneMuted,
      colorTextPlaceholder: '#6b6357',
      colorTextTertiary: palette.stoneMuted,
      colorSuccessBg: palette.forestTint,
      colorSuccessBorder: '#b9d3bc',
      colorInfoBg: palette.forestTint,
      colorInfoBorder: '#b9d3bc',
      colorBgLayout: palette.sand,
      colorBgContainer: palette.paper,
      colorBorder: palette.stoneBorder,
      colorBorderSecondary: palette.sandDeep,
      fontFamily,
      fontSize: 16,
      borderRadius: 8,
      motion: !reducedMotion,
    },
    components: {
      Rate: { starColor: palette.amber },
    },
  };
}

/** The palette as CSS custom properties, for the layout's own stylesheet (global.css). */
export const themeCssVariables: Readonly<Record<`--wf-${string}`, string>> = {
  '--wf-forest': palette.forest,
  '--wf-forest-dark': palette.forestDark,
  '--wf-forest-deep': palette.forestDeep,
  '--wf-forest-tint': palette.forestTint,
  '--wf-sand': palette.sand,
  '--wf-sand-deep': palette.sandDeep,
  '--wf-paper': palette.paper,
  '--wf-border': palette.stoneBorder,
  '--wf-text': palette.stoneText,
  '--wf-text-muted': palette.stoneMuted,
  '--wf-footer': palette.footer,
  '--wf-footer-text': palette.footerText,
  '--wf-amber': palette.amber,
  '--wf-amber-dark': palette.amberDark,
  '--wf-danger': palette.danger,
  '--wf-danger-tint': palette.dangerTint,
  '--wf-font': fontFamily,
};

/** Set on <html> so that popups rendered outside the app root (drawer, menus) see them too. */
export function applyThemeCssVariables(element: HTMLElement): void {
  for (const [name, value] of Object.entries(themeCssVariables)) {
    element.style.setProperty(name, value);
  }
}
