/**
 * WCAG 2.1 AA (4.5:1 for text) on white and on each colour's own light background: antd's defaults
 * (primary #1677ff 4.1:1, secondary text #8c8c8c 3.4:1) fall short, so the text colours are one or two
 * shades darker; preset tags' text is darkened in accessible.css. Charts keep their own palette: not text.
 */
export const ACCESSIBLE_TOKENS = {
  colorPrimary: '#0958d9',
  colorLink: '#0958d9',
  colorInfo: '#0958d9',
  colorError: '#cf1322',
  colorSuccess: '#237804',
  colorWarning: '#ad4e00',
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
  // Status tags and alerts keep antd's light backgrounds: derived from the darker seeds above they turn grey.
  colorSuccessBg: '#f6ffed',
  colorSuccessBorder: '#b7eb8f',
  colorWarningBg: '#fffbe6',
  colorWarningBorder: '#ffe58f',
  colorErrorBg: '#fff2f0',
  colorErrorBorder: '#ffccc7',
  colorInfoBg: '#e6f4ff',
  colorInfoBorder: '#91caff',
} as const;

/** An empty table's 暂无数据 is written in the disabled colour, which is not a disabled control's here. */
export const ACCESSIBLE_COMPONENTS = {
  Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.58)' },
} as const;

/** Text colours a page sets itself (a count, a warning number), as readable as the tokens above. */
export const TEXT_COLORS = {
  danger: ACCESSIBLE_TOKENS.colorError,
  warning: ACCESSIBLE_TOKENS.colorWarning,
  success: ACCESSIBLE_TOKENS.colorSuccess,
  muted: ACCESSIBLE_TOKENS.colorTextTertiary,
} as const;
