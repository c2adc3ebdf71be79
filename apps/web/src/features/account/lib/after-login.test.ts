import { describe, expect, it } from 'vitest';
import { afterLoginPath } from './after-login';

describe('afterLoginPath', () => {
  it('sends kids to the kids home only when no redirect is asked for', () => {
    expect(afterLoginPath({ isKid: true }, null)).toBe('/kids');
    expect(afterLoginPath({ isKid: true }, '')).toBe('/kids');
  });

  it('sends a kid following CHECKOUT to the shipping step', () => {
    expect(afterLoginPath({ isKid: true }, 'shipping')).toBe('/shipping');
  });

  it('sends others to / followed by the redirect, or home', () => {
    expect(afterLoginPath({ isKid: false }, 'shipping')).toBe('/shipping');
    expect(afterLoginPath({ isKid: false }, 'order/abc?x=1')).toBe('/order/abc?x=1');
    expect(afterLoginPath({ isKid: false }, null)).toBe('/');
  });

  it('never leaves the site through a protocol-relative redirect', () => {
    expect(afterLoginPath({ isKid: false }, '//evil.example/x')).toBe('/evil.example/x');
    expect(afterLoginPath({ isKid: false }, '/\\evil.example')).toBe('/evil.example');
  });
});
