import type { ThemeConfig } from 'antd';
import type { Environment } from '../lib/environment';

/**
 * Spec §1: purple for the product environment, teal for dev (sandbox); pink is the secondary accent
 * and red the error colour. The teal is antd's cyan darkened until white text on it reads at WCAG AA
 * (4.5:1), as the purple already does.
 */
export const palette = {
  productPrimary: '#722ed1',
  devPrimary: '#007c89',
  secondary: '#eb2f96',
  /** antd's red darkened until red text on white (a danger button) reads at WCAG AA (5.6:1). */
  error: '#cf1322',
  /**
   * The sandbox badge: the dev teal's family (antd cyan 1/3/8), so it belongs to the teal theme
   * instead of shouting in pink; the dark teal on the pale one reads at 5.9:1.
   */
  sandboxBadge: { text: '#006d75', background: '#e6fffb', border: '#87e8de' },
  /**
   * The pale teals behind teal text (the selected menu item): antd derives a grey (#b5c9c8, 2.9:1)
   * from the dark teal, so the sandbox names its own, on which the teal reads at AA (4.8:1, 4.5:1).
   */
  devPrimaryBg: '#e6fffb',
  devPrimaryBgHover: '#e0faf6',
  /** Hovered teal (links, buttons) darkens rather than lightens, so it stays at AA too (5.9:1). */
  devPrimaryHover: '#006d75',
  /**
   * A hovered purple link darkens too: antd's lighter purple (#9254de) reads at 4.4:1 on a hovered
   * table row (#fafafa), under AA; antd's purple 7 reads at 9.4:1.
   */
  productLinkHover: '#531dab',
} as const;

/** Secondary texts, placeholders and the unchecked switch, darker than antd's defaults for AA contrast. */
const readable = {
  description: 'rgba(0, 0, 0, 0.62)',
  tertiary: 'rgba(0, 0, 0, 0.58)',
  placeholder: 'rgba(0, 0, 0, 0.55)',
  switchOff: 'rgba(0, 0, 0, 0.55)',
  switchOffHover: 'rgba(0, 0, 0, 0.65)',
} as const;

export function primaryColor(env: Environment): string {
  return env === 'dev' ? palette.devPrimary : palette.productPrimary;
}

/** The sandbox's own shades of its teal, where antd's derived ones would not read at AA. */
const devShades = {
  colorPrimaryBg: palette.devPrimaryBg,
  colorPrimaryBgHover: palette.devPrimaryBgHover,
  colorPrimaryHover: palette.devPrimaryHover,
  colorLinkHover: palette.devPrimaryHover,
} as const;

/**
 * The theme of an environment; `reducedMotion` (the system's `prefers-reduced-motion`) turns antd's motion off.
 *
 * `zeroRuntime`: antd's component styles come from its static stylesheet (`antd/dist/antd.css`,
 * imported once in main.tsx) instead of being generated in the browser as each component first
 * renders; the theme's tokens still reach them as CSS variables, set at run time for each theme (the
 * product's purple, the sandbox's teal). Generating the styles was a quarter of the page's script
 * time: the browser's main thread did a third less work for the same screens, and the screens came
 * out pixel for pixel the same (ADR 0012, session 19).
 */
export function themeFor(env: Environment, reducedMotion = false): ThemeConfig {
  const primary = primaryColor(env);
  return {
    zeroRuntime: true,
    hashed: false,
    token: {
      colorPrimary: primary,
      motion: !reducedMotion,
      ...(env === 'dev' ? devShades : { colorLinkHover: palette.productLinkHover }),
      colorInfo: primary,
      colorLink: primary,
      colorError: palette.error,
      colorTextDescription: readable.description,
      colorTextTertiary: readable.tertiary,
      colorTextPlaceholder: readable.placeholder,
      borderRadius: 6,
      fontFamily:
        "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Micro Hei', sans-serif",
    },
    components: {
      Layout: { headerBg: '#ffffff', headerPadding: '0 16px', footerPadding: '16px', bodyBg: '#f5f5f5' },
      Switch: { colorTextQuaternary: readable.switchOff, colorTextTertiary: readable.switchOffHover },
      Descriptions: { labelColor: readable.description },
      // A table's empty text ("No report files yet.") is read, not disabled: antd paints it in the
      // disabled grey (#bfbfbf, 1.8:1 on white).
      Table: { colorTextDisabled: readable.tertiary },
      Breadcrumb: {
        itemColor: readable.description,
        linkColor: readable.description,
        separatorColor: readable.description,
      },
    },
  };
}
