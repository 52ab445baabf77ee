/**
 * Whether the user asked the system for less motion (`prefers-reduced-motion: reduce`), following
 * changes. The theme then turns antd's motion off: drawers, modals, messages and menus appear and
 * go without their slide and fade (WCAG 2.3.3).
 */
import { useMediaQuery } from './use-media-query';

export const useReducedMotion = (): boolean => useMediaQuery('(prefers-reduced-motion: reduce)');
