import { describe, expect, it } from 'vitest';
import { isSwipeBack } from './swipe-back.ts';

describe('isSwipeBack', () => {
  it('goes back after a left swipe longer than 100 px', () => {
    expect(isSwipeBack({ x: 300, y: 200 }, { x: 180, y: 210 })).toBe(true);
  });

  it('ignores short, rightward and mostly vertical swipes', () => {
    expect(isSwipeBack({ x: 300, y: 200 }, { x: 200, y: 200 })).toBe(false);
    expect(isSwipeBack({ x: 100, y: 200 }, { x: 300, y: 200 })).toBe(false);
    expect(isSwipeBack({ x: 300, y: 100 }, { x: 180, y: 400 })).toBe(false);
  });
});
