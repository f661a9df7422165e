// Swipe-back (spec §2 Guards, §9): a left swipe of more than 100 px goes back one page on touch devices, with a
// haptic tick when the mobile app hosts the page.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { haptic } from '../lib/app-bridge.ts';

export const SWIPE_BACK_THRESHOLD_PX = 100;

export interface Point {
  x: number;
  y: number;
}

/** A mostly horizontal move to the left, longer than the threshold. */
export function isSwipeBack(start: Point, end: Point): boolean {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  return dx < -SWIPE_BACK_THRESHOLD_PX && Math.abs(dx) > 2 * Math.abs(dy);
}

/** Gestures inside fields, dialogs, drawers, canvases or horizontally scrollable areas belong to them. */
function isOwnGesture(target: EventTarget | null): boolean {
  let el = target instanceof Element ? target : null;
  while (el && el !== document.body) {
    if (el.matches('input, textarea, select, canvas, [contenteditable="true"], .ant-modal-root, .ant-drawer, .ant-slider, .ant-picker-dropdown')) return true;
    if (el instanceof HTMLElement && el.scrollWidth > el.clientWidth + 1) {
      const overflowX = getComputedStyle(el).overflowX;
      if (overflowX === 'auto' || overflowX === 'scroll') return true;
    }
    el = el.parentElement;
  }
  return false;
}

export function useSwipeBack() {
  const navigate = useNavigate();
  useEffect(() => {
    let start: Point | null = null;
    const onStart = (e: TouchEvent) => {
      start = e.touches.length === 1 && !isOwnGesture(e.target) ? { x: e.touches[0].clientX, y: e.touches[0].clientY } : null;
    };
    const onEnd = (e: TouchEvent) => {
      const touch = e.changedTouches[0];
      if (start && touch && isSwipeBack(start, { x: touch.clientX, y: touch.clientY }) && window.history.length > 1) {
        navigate(-1);
        // A haptic tick in the mobile app (spec §2 Guards); nothing in a browser.
        haptic('light');
      }
      start = null;
    };
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchend', onEnd, { passive: true });
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchend', onEnd);
    };
  }, [navigate]);
}
