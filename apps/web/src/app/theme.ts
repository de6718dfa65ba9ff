import type { ThemeConfig } from 'antd';

/** Jarog's look: a deep forest green (Bhutan's hills) on calm neutrals. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1b5e4a',
    colorLink: '#1b5e4a',
    colorInfo: '#1b5e4a',
    // WCAG 2.1 AA (issue 12): antd's defaults for secondary text (0.45), placeholders (0.25) and red
    // (#ff4d4f) fall below 4.5:1 on white; these reach it (4.9:1 and more) and keep the look.
    colorError: '#c41d1d',
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', bodyBg: '#f4f6f5' },
    Menu: { itemSelectedBg: '#e3efe9', itemSelectedColor: '#1b5e4a', itemBorderRadius: 8 },
  },
};

/**
 * The key (class) of antd's CSS variables, the same for the root ConfigProvider and the signed-in shell's nested one
 * (app/layout/AppLayout.tsx): with the same tokens they then share one block of theme variables instead of
 * computing and inserting a second one (antd otherwise names each provider's block after a React id).
 */
export const CSS_VAR_KEY = 'css-var-jarog';
