// The app shell's sidebar, by the labels a user sees.
import type { Locator, Page } from '@playwright/test';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A sidebar entry by its exact label. Ant Design prefixes the accessible name with the icon's lowercase name
 * ('setting Nastavení'), so a plain `exact` match misses it and a substring match also hits 'Uživatelské Nastavení'.
 */
export function sidebarItem(page: Page, label: string): Locator {
  return page.getByRole('complementary').getByRole('menuitem', { name: new RegExp(`^(?:[a-z-]+ )?${escapeRegExp(label)}$`) });
}
