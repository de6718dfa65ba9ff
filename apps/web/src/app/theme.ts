import type { ThemeConfig } from 'antd';

/** Jarog's look: a deep forest green (Bhutan's hills) on calm neutrals. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1b5e4a',
    colorLink: '#1b5e4a',
    colorInfo: '#1b5e4a',
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', bodyBg: '#f4f6f5' },
    Menu: { itemSelectedBg: '#e3efe9', itemSelectedColor: '#1b5e4a', itemBorderRadius: 8 },
  },
};
