import type { ConsolePage } from '@jinb/contract';
import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';

/** The menu's sections, in the order the menu shows them. */
export const MENU_GROUPS = [
  'overview',
  'members',
  'money',
  'trading',
  'casino',
  'marketing',
  'agents',
  'support',
  'reports',
  'system',
] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/** One console page: each feature's routes.ts lists its own; app/routes.ts gathers them. */
export type ConsoleRoute = {
  /** Under /console, without the leading slash: `money/withdrawals`, `members/:id`. */
  path: string;
  /** Its key in the role matrix (CONSOLE_PAGES): the route, its menu entry and its calls follow it. */
  page: ConsolePage;
  /** The page's title (zh-CN, from the feature's messages.ts). */
  title: string;
  /** Where it shows in the menu; a page without it (a detail page) is reached by link only. */
  menu?: { group: MenuGroup; icon?: ReactNode };
  component: LazyExoticComponent<ComponentType>;
};
