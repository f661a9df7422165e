// Breakpoints of spec §9 and a hook over matchMedia.
import { useSyncExternalStore } from 'react';

export const BREAKPOINTS = { mobileS: 320, mobileM: 375, mobileL: 425, tablet: 768, laptop: 1024, laptopL: 1440, desktop: 2560 } as const;

/** Phones: modals become bottom sheets and a student opens as a page (≤ 425 px). */
export const PHONE_QUERY = `(max-width: ${BREAKPOINTS.mobileL}px)`;
/** The mobile layout with the bottom navigation (≤ 768 px). */
export const MOBILE_QUERY = `(max-width: ${BREAKPOINTS.tablet}px)`;

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export const useIsMobile = () => useMediaQuery(MOBILE_QUERY);
export const useIsPhone = () => useMediaQuery(PHONE_QUERY);
