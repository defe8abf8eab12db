/** Spec 1 §2: two header colours, kept in local storage. */
export const THEME_KEY = 'eduqa.theme';

export type ThemeName = 'dark' | 'blue';

export const HEADER_COLORS: Record<ThemeName, string> = {
  dark: '#24293e',
  blue: 'rgb(57,126,240)',
};

/** The data screen sits on a dark-blue page; its header is darker than elsewhere whatever the theme. */
export const DATA_SCREEN_HEADER_COLOR = '#0b1230';

export const THEME_LABELS: Record<ThemeName, string> = { dark: '深色', blue: '蓝色' };

export const DEFAULT_THEME: ThemeName = 'dark';

export function parseTheme(value: string | null | undefined): ThemeName {
  return value === 'blue' || value === 'dark' ? value : DEFAULT_THEME;
}

export function otherTheme(theme: ThemeName): ThemeName {
  return theme === 'dark' ? 'blue' : 'dark';
}

/** The header background for a theme on a route. */
export function headerColor(theme: ThemeName, pathname: string): string {
  const area = pathname.split('/')[1] ?? '';
  return area === 'dataScreen' ? DATA_SCREEN_HEADER_COLOR : HEADER_COLORS[theme];
}
