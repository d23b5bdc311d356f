import { describe, expect, it } from 'vitest';
import { linkTarget, parseRedirectTargetMode, redirectTarget } from './link-target';

describe('redirect target modes (SPEC §2: self, blank, top, parent)', () => {
  it.each([
    ['self', 'self', '_self'],
    ['blank', 'blank', '_blank'],
    ['_blank', 'blank', '_blank'],
    ['TOP', 'top', '_top'],
    [' parent ', 'parent', '_parent'],
    ['new', null, '_self'],
    [null, null, '_self'],
    [undefined, null, '_self'],
  ])('%j reads as %j and targets %s', (mode, parsed, target) => {
    expect(parseRedirectTargetMode(mode)).toBe(parsed);
    expect(redirectTarget(mode)).toBe(target);
  });

  it('uses the given fallback for an unknown mode', () => {
    expect(redirectTarget('nope', '_top')).toBe('_top');
  });
});

describe('link targets (SPEC §2: self-target methods and native iOS stay in the window)', () => {
  it.each([
    [{ isSelfTarget: true, device: 'desktop' }, '_self'],
    [{ isSelfTarget: false, device: 'native_ios' }, '_self'],
    [{ device: 'native_ios' }, '_self'],
    [{ isSelfTarget: false, device: 'native_android' }, '_blank'],
    [{ device: 'mobile' }, '_blank'],
    [{ isSelfTarget: false, device: 'desktop' }, '_blank'],
  ] as const)('%j opens in %s', (input, expected) => {
    expect(linkTarget(input)).toBe(expected);
  });
});
